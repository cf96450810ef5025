//! Message ids of the names the protocol's enums carry, one match each, so
//! every view names a task, a model's origin or an attention kind alike.

use lab_protocol::{AttentionKind, ModelOrigin};
use lab_tasks::TaskKind;

/// The task's name in the picker and headings.
pub fn task(kind: TaskKind) -> &'static str {
    match kind {
        TaskKind::Copy => "common-task-copy",
        TaskKind::Reverse => "common-task-reverse",
        TaskKind::EnJa => "common-task-en-ja",
        TaskKind::RealEnJa => "common-task-real-en-ja",
        TaskKind::RealEnZh => "common-task-real-en-zh",
        TaskKind::Custom => "common-task-custom",
    }
}

/// Where the running model came from.
pub fn origin(origin: ModelOrigin) -> &'static str {
    match origin {
        ModelOrigin::Pretrained => "common-origin-pretrained",
        ModelOrigin::Scratch => "common-origin-scratch",
        ModelOrigin::Restored => "common-origin-restored",
        ModelOrigin::Uploaded => "common-origin-uploaded",
    }
}

/// The attention kind's name on buttons and headings.
pub fn attention_kind(kind: AttentionKind) -> &'static str {
    match kind {
        AttentionKind::EncoderSelf => "common-kind-encoder-self",
        AttentionKind::DecoderSelf => "common-kind-decoder-self",
        AttentionKind::Cross => "common-kind-cross",
    }
}
