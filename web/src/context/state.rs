//! Everything the views share, as signals in one `Copy` context.

use crate::i18n::script::Spelling;
use crate::i18n::Locale;
use lab_protocol::{
    AttentionKind, AttentionSet, EvalReport, HeadTrace, MaskDemo, ModelInfo, ProbePrediction,
    Settings, SettingsField, TaskFacts, TraceRequest, Translation, WorkerInput,
};
use lab_protocol::{
    Curves, DecodingComparison, RunStart, RunSummary, SaveCost, Strategy, Unanswered,
};
use lab_tasks::TaskKind;
use leptos::prelude::*;

/// Where a message in the error banner came from, so fixing one input clears
/// only its own message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Worker,
    Upload,
    Settings,
    Diverged,
    Translate,
    Storage,
    /// Values of the page's deep link that could not be used.
    Link,
    /// The reader's own sentence pairs, refused.
    Pairs,
    /// A language whose messages could not be fetched.
    Language,
}

/// The message in the error banner, with the way out it offers.
#[derive(Clone, Debug, PartialEq)]
pub struct Banner {
    pub source: Source,
    pub message: String,
    /// Offer "Reset (train from scratch)".
    pub offer_reset: bool,
    /// Offer "Restart worker": it crashed.
    pub offer_restart: bool,
}

/// The worker's life cycle as the page sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorkerState {
    Starting,
    Ready,
    Crashed,
}

/// The window's width when the browser does not say (CSS px): a laptop's.
const WIDE_WINDOW_PX: f64 = 1400.0;

/// The shared state of the page.
#[derive(Clone, Copy)]
pub struct Lab {
    /// The page's language (`context::i18n`).
    pub locale: RwSignal<Locale>,
    pub task: RwSignal<TaskKind>,
    /// The settings in the form, used by the next Reset; validated as they change.
    pub draft: RwSignal<Settings>,
    pub model: RwSignal<Option<ModelInfo>>,
    /// How this page spells the target tokens (Traditional Chinese in
    /// 繁體中文, when the task has it); `None` shows them as they are.
    /// Built once per model and language, for every view.
    pub spelling: Memo<Option<Spelling>>,
    pub worker: RwSignal<WorkerState>,
    pub running: RwSignal<bool>,
    pub diverged: RwSignal<bool>,
    pub step: RwSignal<usize>,
    pub tokens_per_s: RwSignal<f64>,
    /// The cores the last training steps ran on: 2 while a helper worker shares them.
    pub cores: RwSignal<usize>,
    pub curves: RwSignal<Curves>,
    pub eval: RwSignal<Option<EvalReport>>,
    pub attention: RwSignal<Option<AttentionSet>>,
    pub mask_head: RwSignal<usize>,
    pub mask_demo: RwSignal<Option<MaskDemo>>,
    pub translate_text: RwSignal<String>,
    pub translate_id: RwSignal<u64>,
    /// The request whose answer `translation` holds: behind `translate_id` while one is on its way.
    pub translated_id: RwSignal<u64>,
    pub translation: RwSignal<Option<Result<Translation, Unanswered>>>,
    /// Decode with the KV cache (the Translate view's toggle).
    pub decode_cached: RwSignal<bool>,
    /// The decoding step shown in the step-through, 0-based.
    pub decode_step: RwSignal<usize>,
    /// How the step-through chooses tokens: greedy, beam search or sampling.
    pub decode_strategy: RwSignal<Strategy>,
    /// Held-out BLEU of greedy decoding against beam search, or why not.
    pub decoding_comparison: RwSignal<Option<Result<DecodingComparison, Unanswered>>>,
    /// The reader's answers to the practice questions, as the browser keeps them.
    pub practice: RwSignal<super::storage::Answers>,
    /// A comparison was asked for and has not come back yet.
    pub decoding_pending: RwSignal<bool>,
    /// The model's next-token distributions on the probe (teacher-forced).
    pub prediction: RwSignal<Option<ProbePrediction>>,
    /// The head the "inside one head" view has asked the worker to open.
    pub trace_request: RwSignal<Option<TraceRequest>>,
    /// That head, opened up, or why it could not be.
    pub trace: RwSignal<Option<Result<HeadTrace, Unanswered>>>,
    /// The attention kind, layer, head (0-based) and query row the attention
    /// and head views show: part of the deep link.
    pub focus_kind: RwSignal<AttentionKind>,
    pub focus_layer: RwSignal<usize>,
    pub focus_head: RwSignal<usize>,
    pub focus_query: RwSignal<usize>,
    /// The head view traces the sentence typed in Translate, not the probe.
    pub focus_typed: RwSignal<bool>,
    /// The setting the compare view's two runs differ in (one of
    /// `views::compare::data::CompareAxis::ALL`'s fields): the figure's
    /// norm boxes set it to the norm placement.
    pub compare_axis: RwSignal<SettingsField>,
    /// The compare view's two runs, A and B.
    pub compare_runs: [super::compare::CompareRun; 2],
    /// Presentation mode: one panel at a time, large type (`shell::present`).
    pub present: RwSignal<bool>,
    /// The panel shown in presentation mode, and the one a deep link opens
    /// (an index into `panels::PANELS`).
    pub panel: RwSignal<usize>,
    /// The window's width in CSS px, kept up to date on resize: heatmaps fit it.
    pub window_width: RwSignal<f64>,
    /// The page is one view alone (`embed=`, the panel is `panel`), with the
    /// parts the link hides; `None` is the whole page.
    pub embed: RwSignal<Option<crate::deeplink::Hidden>>,
    /// The tutorial map in each language fetched so far, for the guide and
    /// the views' conventions (`views::guide::want_maps`): fetched when first
    /// opened, since a first visit rarely opens them.
    pub maps: RwSignal<crate::guide::Maps>,
    /// In presentation mode, how many stages of the head view's computation
    /// are revealed (one more per key press); `usize::MAX` shows them all.
    pub reveal: RwSignal<usize>,
    /// What the worker boots with instead of the saved run: set by a deep
    /// link that names a task (`shell::share::open`).
    pub boot_with: StoredValue<Option<WorkerInput>>,
    pub banner: RwSignal<Option<Banner>>,
    /// A short note such as "saved in this browser".
    pub note: RwSignal<String>,
    /// Which run this tab started from, as the worker said.
    pub run_start: RwSignal<Option<RunStart>>,
    /// The named runs, newest first, as the worker last listed them.
    pub runs: RwSignal<Vec<RunSummary>>,
    /// What the last save of this tab's run cost the worker.
    pub save_cost: RwSignal<Option<SaveCost>>,
    /// This browser's training speed, in multiply-adds per second of one
    /// worker, measured from the steps of the current run (`None` until it trains).
    pub multiply_adds_per_s: RwSignal<Option<f64>>,
    /// When the step under way began (the page's clock, ms): the last
    /// snapshot while training, or the press of Train.
    pub step_began_ms: RwSignal<f64>,
    /// A task's file on its way, as the worker last reported it.
    pub download: RwSignal<Option<Download>>,
    /// The panel for the reader's own pairs is open (chosen in the task
    /// picker or by a link), before a run of them exists.
    pub custom_open: RwSignal<bool>,
    /// The reader's pairs the worker read last: `(pairs, repeated lines)`.
    pub pairs_read: RwSignal<Option<(usize, usize)>>,
    /// What the service worker keeps for offline use (`workers::offline`).
    pub offline: RwSignal<crate::offline::Offline>,
}

/// A download the worker reports: `loaded` of `total` bytes of a task's file.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Download {
    pub task: TaskKind,
    pub file: lab_protocol::DownloadFile,
    pub loaded: u64,
    pub total: Option<u64>,
}

impl Lab {
    pub fn new() -> Self {
        Self::with_locale(Locale::default())
    }

    pub fn with_locale(locale: Locale) -> Self {
        let task = TaskKind::DEFAULT;
        let (locale, model) = (RwSignal::new(locale), RwSignal::new(None::<ModelInfo>));
        let spelling = Memo::new(move |_| {
            let locale = locale.get();
            model.with(|m| m.as_ref().and_then(|m| Spelling::of(locale, &m.facts)))
        });
        Self {
            locale,
            model,
            spelling,
            task: RwSignal::new(task),
            draft: RwSignal::new(Settings::toy(task)),
            worker: RwSignal::new(WorkerState::Starting),
            running: RwSignal::new(false),
            diverged: RwSignal::new(false),
            step: RwSignal::new(0),
            tokens_per_s: RwSignal::new(0.0),
            cores: RwSignal::new(1),
            curves: RwSignal::new(Curves::default()),
            eval: RwSignal::new(None),
            attention: RwSignal::new(None),
            mask_head: RwSignal::new(0),
            mask_demo: RwSignal::new(None),
            translate_text: RwSignal::new(String::new()),
            translate_id: RwSignal::new(0),
            translated_id: RwSignal::new(0),
            translation: RwSignal::new(None),
            decode_cached: RwSignal::new(true),
            decode_step: RwSignal::new(0),
            decode_strategy: RwSignal::new(Strategy::Greedy),
            decoding_comparison: RwSignal::new(None),
            decoding_pending: RwSignal::new(false),
            practice: RwSignal::new(super::storage::stored_answers()),
            prediction: RwSignal::new(None),
            trace_request: RwSignal::new(None),
            trace: RwSignal::new(None),
            focus_kind: RwSignal::new(AttentionKind::Cross),
            focus_layer: RwSignal::new(0),
            focus_head: RwSignal::new(0),
            focus_query: RwSignal::new(0),
            focus_typed: RwSignal::new(false),
            compare_axis: RwSignal::new(SettingsField::Norm),
            compare_runs: Default::default(),
            present: RwSignal::new(false),
            panel: RwSignal::new(0),
            embed: RwSignal::new(None),
            maps: RwSignal::new(Default::default()),
            window_width: RwSignal::new(
                web_sys::window()
                    .and_then(|w| w.inner_width().ok())
                    .and_then(|w| w.as_f64())
                    .unwrap_or(WIDE_WINDOW_PX),
            ),
            reveal: RwSignal::new(usize::MAX),
            boot_with: StoredValue::new(None),
            banner: RwSignal::new(None),
            note: RwSignal::new(String::new()),
            run_start: RwSignal::new(None),
            runs: RwSignal::new(Vec::new()),
            save_cost: RwSignal::new(None),
            multiply_adds_per_s: RwSignal::new(None),
            step_began_ms: RwSignal::new(0.0),
            download: RwSignal::new(None),
            custom_open: RwSignal::new(false),
            pairs_read: RwSignal::new(None),
            offline: RwSignal::new(Default::default()),
        }
    }

    /// The task facts of the model the worker holds: its vocabulary, held-out
    /// examples and input limit (`None` until a model is loaded). The page
    /// builds no dataset of its own.
    pub fn facts(&self) -> Option<TaskFacts> {
        self.model.with(|m| m.as_ref().map(|m| m.facts.clone()))
    }

    /// What a step of `settings` costs on the current model's task (`None`
    /// before the worker has told the task's sizes).
    pub fn estimate(
        &self,
        settings: &lab_protocol::Settings,
    ) -> Option<lab_protocol::StepEstimate> {
        let shape = self
            .model
            .with(|m| m.as_ref().and_then(|m| m.facts.shape()))?;
        settings.estimate(&shape)
    }

    /// [`Lab::facts`] without tracking.
    pub fn facts_untracked(&self) -> Option<TaskFacts> {
        self.model
            .with_untracked(|m| m.as_ref().map(|m| m.facts.clone()))
    }

    /// The page's clock, in milliseconds.
    pub fn now_ms() -> f64 {
        web_sys::window()
            .and_then(|w| w.performance())
            .map_or(0.0, |p| p.now())
    }

    /// Show a message in the banner.
    pub fn show(&self, source: Source, message: impl Into<String>) {
        self.banner.set(Some(Banner {
            source,
            message: message.into(),
            offer_reset: source == Source::Diverged,
            offer_restart: false,
        }));
    }

    /// Clear the banner if it came from `source`.
    pub fn clear(&self, source: Source) {
        if self
            .banner
            .with_untracked(|b| b.as_ref().is_some_and(|b| b.source == source))
        {
            self.banner.set(None);
        }
    }
}

impl Default for Lab {
    fn default() -> Self {
        Self::new()
    }
}

pub fn use_lab() -> Lab {
    use_context::<Lab>().expect("the Lab context is provided by App")
}
