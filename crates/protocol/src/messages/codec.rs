//! A message as text (JSON) for `postMessage`, and the checkpoint bytes
//! that travel beside the text of the messages that carry them.

use super::{MessageError, WorkerInput, WorkerOutput};

macro_rules! json_codec {
    ($ty:ty) => {
        impl $ty {
            /// The message as JSON text, for `postMessage`.
            pub fn to_json(&self) -> String {
                serde_json::to_string(self).expect("messages are plain data and always serialize")
            }

            /// Read a message; garbage is an error, never a panic.
            pub fn from_json(text: &str) -> Result<Self, MessageError> {
                serde_json::from_str(text).map_err(|e| MessageError(e.to_string()))
            }
        }
    };
}

json_codec!(WorkerInput);
json_codec!(WorkerOutput);

/// Messages whose checkpoint bytes travel beside their JSON text.
macro_rules! parts_codec {
    ($ty:ty, $($variant:ident)|+) => {
        impl $ty {
            /// The message as JSON text, and the bytes to send beside it as a
            /// transferable `ArrayBuffer`, if it carries any.
            pub fn to_parts(&self) -> (String, Option<&[u8]>) {
                let bytes = match self {
                    $(Self::$variant { bytes, .. })|+ => Some(bytes.as_slice()),
                    _ => None,
                };
                (self.to_json(), bytes)
            }

            /// A message from its JSON text and the bytes that came beside it.
            pub fn from_parts(text: &str, bytes: Option<Vec<u8>>) -> Result<Self, MessageError> {
                let mut message = Self::from_json(text)?;
                match (&mut message, bytes) {
                    ($(Self::$variant { bytes: slot, .. })|+, Some(bytes)) => *slot = bytes,
                    ($(Self::$variant { .. })|+, None) => {
                        return Err(MessageError("the checkpoint bytes are missing".into()))
                    }
                    (_, Some(_)) => {
                        return Err(MessageError("bytes came with a message that takes none".into()))
                    }
                    (_, None) => {}
                }
                Ok(message)
            }
        }
    };
}

parts_codec!(WorkerInput, LoadCheckpoint | EvaluateCheckpoint | Shard);
parts_codec!(WorkerOutput, Checkpoint | ShardDone);
