//! A message as bytes for `postMessage` (postcard's compact binary form), and
//! the checkpoint bytes that travel beside the bytes of the messages that
//! carry them.
//!
//! Postcard rather than JSON: the messages never leave the lab's own page and
//! workers, so they need no field names, and its readers are a fraction of
//! serde_json's code in both wasm files (BENCHMARKS.md, "Messages as bytes").
//! A number crosses bit for bit. Without names, a message is read by the
//! order of its fields, so every message starts with [`FINGERPRINT`]: a page
//! and a worker built from different sources (a tab left open across an
//! update of the site, whose service worker serves the new worker) refuse
//! each other's messages rather than misread them.

use super::{MessageError, WorkerInput, WorkerOutput};

/// A hash of the sources that define the messages (lab-protocol's, lab-math's
/// and lab-tasks'), written by `build.rs`: the first four bytes of every
/// message, little-endian.
pub const FINGERPRINT: u32 = include!(concat!(env!("OUT_DIR"), "/fingerprint.rs"));

/// The message after this build's fingerprint; an error for bytes that do
/// not start with it: a message of another build of the lab, or no message.
fn after_fingerprint(bytes: &[u8]) -> Result<&[u8], MessageError> {
    bytes
        .strip_prefix(&FINGERPRINT.to_le_bytes()[..])
        .ok_or_else(|| {
            MessageError(
                "it is from another version of the lab (the site was updated), or not a message"
                    .into(),
            )
        })
}

macro_rules! bytes_codec {
    ($ty:ty) => {
        impl $ty {
            /// The message as bytes, for `postMessage`: [`FINGERPRINT`], then
            /// the message.
            pub fn encode(&self) -> Vec<u8> {
                let fingerprint = FINGERPRINT.to_le_bytes().to_vec();
                postcard::to_extend(self, fingerprint)
                    .expect("messages are plain data and always serialize")
            }

            /// Read a message; one of another build, garbage, a cut message
            /// or bytes left after it are an error, never a panic.
            pub fn decode(bytes: &[u8]) -> Result<Self, MessageError> {
                match postcard::take_from_bytes(after_fingerprint(bytes)?) {
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

#[cfg(test)]
mod tests {
    use super::super::{Beam, Strategy};
    use super::*;

    /// A page and a worker of different builds refuse each other's messages.
    #[test]
    fn a_message_of_another_build_is_refused() {
        let mut body = WorkerInput::Play.encode();
        assert_eq!(body[..4], FINGERPRINT.to_le_bytes());
        body[0] ^= 1;
        let err = WorkerInput::decode(&body).expect_err("another build");
        assert!(
            err.to_string().contains("another version of the lab"),
            "{err}"
        );
        assert!(WorkerOutput::decode(&[]).is_err(), "no bytes at all");
    }

    #[test]
    fn garbage_is_a_readable_error() {
        let err = WorkerInput::decode(b"{not a message").expect_err("garbage");
        assert!(err.to_string().contains("unreadable message"), "{err}");
        let translate = WorkerInput::Translate {
            id: 7,
            text: "i like dogs".into(),
            cached: true,
            strategy: Strategy::Beam(Beam::default()),
        }
        .encode();
        let cut = &translate[..translate.len() - 1];
        assert!(WorkerInput::decode(cut).is_err(), "a cut message");
        let longer = [&translate[..], &[0]].concat();
        let err = WorkerInput::decode(&longer).expect_err("a byte after the message");
        assert!(
            err.to_string().contains("bytes left after the message: 1"),
            "{err}"
        );
    }

    /// Two measurement scripts speak to a worker themselves
    /// (`tests/worker_silence.mjs`: `Ready`, `Ping`, `Pong`;
    /// `tests/click_latency.mjs`: `Interacting`), by the variants' numbers and
    /// an id as LEB128. A variant moved in its enum must be moved there too.
    #[test]
    fn the_measurement_scripts_know_these_message_numbers() {
        let after_fingerprint = |body: Vec<u8>| body[4..].to_vec();
        assert_eq!(after_fingerprint(WorkerOutput::Ready.encode()), [0]);
        assert_eq!(after_fingerprint(WorkerInput::Interacting.encode()), [20]);
        let id: u64 = 1_000_000_000_001;
        let leb128 = [129, 160, 148, 165, 141, 29];
        let ping = after_fingerprint(WorkerInput::Ping { id }.encode());
        assert_eq!(ping, [&[22][..], &leb128].concat());
        let pong = after_fingerprint(WorkerOutput::Pong { id }.encode());
        assert_eq!(pong, [&[3][..], &leb128].concat());
    }
}
