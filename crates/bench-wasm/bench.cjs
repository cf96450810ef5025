// Times the wasm build of lab-bench-wasm in Node and prints one line per backend:
//   bench <backend> wasm steps_per_s=<x>
// Usage: node bench.cjs <dir with the wasm-bindgen --target nodejs output> <steps> <backend>...
'use strict';
const path = require('node:path');

const [pkgDir, steps, ...backends] = process.argv.slice(2);
const { bench_steps } = require(path.resolve(pkgDir, 'lab_bench_wasm.js'));
// The same number of warm-up steps as the native bench (crates/cli/src/bench.rs).
const WARMUP_STEPS = 5;

for (const backend of backends) {
  const perSecond = bench_steps(backend, WARMUP_STEPS, Number(steps));
  console.log(`bench ${backend} wasm steps_per_s=${perSecond.toFixed(2)}`);
}
