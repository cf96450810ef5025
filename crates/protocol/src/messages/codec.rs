//! A message as bytes for `postMessage` (postcard's compact binary form), and
//! the checkpoint bytes that travel beside the bytes of the messages that
//! carry them.
//!
//! Postcard rather than JSON: the messages never leave the lab's own page and
//! workers, which are always built together, so they need no field names,
//! and its readers are a fraction of serde_json's code in both wasm files
//! (BENCHMARKS.md, "Messages as bytes"). A number crosses bit for bit.

use super::{MessageError, WorkerInput, WorkerOutput};

macro_rules! bytes_codec {
    ($ty:ty) => {
        impl $ty {
            /// The message as bytes, for `postMessage`.
            pub fn encode(&self) -> Vec<u8> {
                postcard::to_allocvec(self).expect("messages are plain data and always serialize")
            }

            /// Read a message; garbage, a cut message or bytes left after it
            /// are an error, never a panic.
            pub fn decode(bytes: &[u8]) -> Result<Self, MessageError> {
                match postcard::take_from_bytes(bytes) {
                    Ok((message, [])) => Ok(message),
                    Ok((_, rest)) => Err(MessageError(format!(
                        "bytes left after the message: {}",
                        rest.len()
                    ))),
                    Err(e) => Err(MessageError(e.to_string())),
                }
            }
        }
    };
}

bytes_codec!(WorkerInput);
bytes_codec!(WorkerOutput);

/// Messages whose checkpoint bytes travel beside their own bytes.
macro_rules! parts_codec {
    ($ty:ty, $($variant:ident)|+) => {
        impl $ty {
            /// The message's bytes, and the bytes to send beside them as a
            /// transferable `ArrayBuffer`, if it carries any.
            pub fn to_parts(&self) -> (Vec<u8>, Option<&[u8]>) {
                let bytes = match self {
                    $(Self::$variant { bytes, .. })|+ => Some(bytes.as_slice()),
                    _ => None,
                };
                (self.encode(), bytes)
            }

            /// A message from its bytes and the bytes that came beside them.
            pub fn from_parts(body: &[u8], bytes: Option<Vec<u8>>) -> Result<Self, MessageError> {
                let mut message = Self::decode(body)?;
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
