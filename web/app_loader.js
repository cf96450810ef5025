// Starts the page: loads the wasm-bindgen glue of the `app` bin and
// instantiates its wasm, which mounts the lab. A file of its own (not an
// inline script), so the Content-Security-Policy can forbid inline scripts.
import init from './app.js';

await init({ module_or_path: './app_bg.wasm' });
