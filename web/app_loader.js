// Starts the page: loads the wasm-bindgen glue of the `app` bin and
// instantiates its wasm, which mounts the lab. A file of its own (not an
// inline script), so the Content-Security-Policy can forbid inline scripts.
// The instance's exports stay reachable as `window.labWasm`, so that the soak
// benchmark (tests/soak.mjs) can read the size of the page's wasm memory.
import init from './app.js';

window.labWasm = await init({ module_or_path: './app_bg.wasm' });
