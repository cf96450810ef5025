// Starts the training worker: loads the wasm-bindgen glue (no-modules build of
// the `worker` bin), then instantiates its wasm, which runs `main`.
importScripts("./worker.js");
wasm_bindgen({ module_or_path: "./worker_bg.wasm" });
