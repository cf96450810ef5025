//! Messages between the page and its workers as JavaScript values: the
//! message's bytes alone (an `ArrayBuffer`), or `[message, buffer]` when
//! checkpoint bytes or gradients come with it; every buffer is transferred
//! rather than copied (the parts are `lab_protocol::WorkerInput::to_parts`
//! and `WorkerOutput::to_parts`).

use js_sys::{Array, ArrayBuffer, Float32Array, Uint8Array};
use lab_protocol::ShardFailure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{DedicatedWorkerGlobalScope, MessagePort, Worker};

/// Where a message goes.
#[derive(Clone, Copy)]
pub enum To<'a> {
    /// A worker the page started.
    Worker(&'a Worker),
    /// Inside a worker: the page, which started it.
    Parent(&'a DedicatedWorkerGlobalScope),
    /// The training worker and its helper, to each other: their ends of the
    /// `MessageChannel` the page linked them with.
    Port(&'a MessagePort),
}

/// Send a message's parts (`to_parts`), its bytes transferred.
pub fn post(to: To, parts: (Vec<u8>, Option<&[u8]>)) -> Result<(), JsValue> {
    post_reusing(to, parts, None)
}

/// [`post`], with the bytes copied into `spare` when it has their length: a
/// buffer this side received before ([`read_keeping`], [`read_leaving_bytes`]), so that two workers
/// that trade equal-sized messages (weights one way, gradients the other)
/// pass one buffer back and forth instead of allocating one per message.
/// A `spare` of another length, or one already transferred away (detached,
/// of length 0), is not used: a new buffer carries the bytes.
pub fn post_reusing(
    to: To,
    (body, bytes): (Vec<u8>, Option<&[u8]>),
    spare: Option<ArrayBuffer>,
) -> Result<(), JsValue> {
    let buffer = bytes.map(|bytes| {
        let fits = |spare: &ArrayBuffer| spare.byte_length() as usize == bytes.len();
        match spare.filter(|spare| !bytes.is_empty() && fits(spare)) {
            Some(spare) => {
                Uint8Array::new(&spare).copy_from(bytes);
                spare
            }
            None => Uint8Array::from(bytes).buffer(),
        }
    });
    post_buffer(to, &body, buffer)
}

/// Send a message's bytes (`body`) with bytes that are already a JavaScript
/// buffer (transferred).
pub fn post_buffer(to: To, body: &[u8], buffer: Option<ArrayBuffer>) -> Result<(), JsValue> {
    let body = Uint8Array::from(body).buffer();
    match buffer {
        None => post_transferring(to, &body, &Array::of1(&body)),
        Some(buffer) => {
            post_transferring(to, &Array::of2(&body, &buffer), &Array::of2(&body, &buffer))
        }
    }
}

/// Send a message's bytes (a [`lab_protocol::WorkerInput::Link`]) with
/// `port` transferred: the receiver finds it in the event's `ports`.
pub fn post_port(to: To, body: &[u8], port: &MessagePort) -> Result<(), JsValue> {
    let body = Uint8Array::from(body).buffer();
    post_transferring(to, &body, &Array::of2(&body, port))
}

fn post_transferring(to: To, message: &JsValue, transfer: &Array) -> Result<(), JsValue> {
    match to {
        To::Worker(worker) => worker.post_message_with_transfer(message, transfer),
        To::Parent(scope) => scope.post_message_with_transfer(message, transfer),
        To::Port(port) => port.post_message_with_transferable(message, transfer),
    }
}

/// A message's bytes, and the buffer that came beside them, if any.
/// Anything else (a string, or a pair that is not two buffers) gives no
/// bytes, which no message reads as.
pub fn split(data: JsValue) -> (Vec<u8>, Option<JsValue>) {
    let bytes = |buffer: &ArrayBuffer| Uint8Array::new(buffer).to_vec();
    if let Some(body) = data.dyn_ref::<ArrayBuffer>() {
        return (bytes(body), None);
    }
    if Array::is_array(&data) {
        let parts: Array = data.unchecked_into();
        let (body, beside) = (parts.get(0), parts.get(1));
        let pair = parts.length() == 2 && beside.is_instance_of::<ArrayBuffer>();
        if let (Some(body), true) = (body.dyn_ref::<ArrayBuffer>(), pair) {
            return (bytes(body), Some(beside));
        }
    }
    (Vec::new(), None)
}

/// Read a message with `from_parts` (`WorkerInput::from_parts` or
/// `WorkerOutput::from_parts`), its bytes copied into this program's memory.
pub fn read<T, E>(
    data: JsValue,
    from_parts: impl FnOnce(&[u8], Option<Vec<u8>>) -> Result<T, E>,
) -> Result<T, E> {
    read_keeping(data, from_parts).0
}

/// [`read`], also giving back the message's buffer (its bytes are copied
/// out) for [`post_reusing`].
pub fn read_keeping<T, E>(
    data: JsValue,
    from_parts: impl FnOnce(&[u8], Option<Vec<u8>>) -> Result<T, E>,
) -> (Result<T, E>, Option<ArrayBuffer>) {
    let (body, part) = split(data);
    let bytes = part.as_ref().map(|b| Uint8Array::new(b).to_vec());
    let message = from_parts(&body, bytes);
    (message, part.and_then(|b| b.dyn_into::<ArrayBuffer>().ok()))
}

/// [`read_keeping`] without copying the bytes out: `from_parts` is given an
/// empty list where bytes came, and the buffer is given back, for the glue
/// to read as its message needs ([`f32s`]).
pub fn read_leaving_bytes<T, E>(
    data: JsValue,
    from_parts: impl FnOnce(&[u8], Option<Vec<u8>>) -> Result<T, E>,
) -> (Result<T, E>, Option<ArrayBuffer>) {
    let (body, part) = split(data);
    let message = from_parts(&body, part.as_ref().map(|_| Vec::new()));
    (message, part.and_then(|b| b.dyn_into::<ArrayBuffer>().ok()))
}

/// A buffer of little-endian `f32`s (a shard's gradients) copied straight
/// into floats, with no list of bytes between: they are on each shared
/// step's critical path. Bytes that are not whole floats are refused
/// ([`lab_protocol::shard::whole_floats`]).
pub fn f32s(buffer: &ArrayBuffer) -> Result<Vec<f32>, ShardFailure> {
    lab_protocol::shard::whole_floats(buffer.byte_length() as usize)?;
    Ok(Float32Array::new(buffer).to_vec())
}
