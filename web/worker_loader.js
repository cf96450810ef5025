// Starts the training worker: loads the wasm-bindgen glue (no-modules build of
// the `worker` bin), then instantiates its wasm, which runs `main`. The
// instance's exports stay reachable as `self.labWasm`, so that the soak
// benchmark (tests/soak.mjs) can read the size of the worker's wasm memory.
importScripts("./worker.js");
wasm_bindgen({ module_or_path: "./worker_bg.wasm" }).then((exports) => {
  self.labWasm = exports;
});
