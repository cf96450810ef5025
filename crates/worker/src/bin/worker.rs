//! The Web Worker that owns the model and trains it off the main thread.

fn main() {
    lab_worker::start();
}
