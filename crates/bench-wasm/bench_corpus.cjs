// Times the wasm build of lab-bench-wasm on a corpus task in Node:
//   bench <task> wasm steps_per_s=<x>
// Usage: node bench_corpus.cjs <dir with the wasm-bindgen --target nodejs output> <steps> <task>
// The task's sentences are read from assets/data/<task>.tsv, as the page fetches them.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const [pkgDir, steps, task] = process.argv.slice(2);
const { bench_corpus_steps } = require(path.resolve(pkgDir, 'lab_bench_wasm.js'));
const WARMUP_STEPS = 5;
const text = fs.readFileSync(path.resolve(__dirname, '../../assets/data', `${task}.tsv`), 'utf8');
const perSecond = bench_corpus_steps(task, text, WARMUP_STEPS, Number(steps));
console.log(`bench ${task} wasm steps_per_s=${perSecond.toFixed(2)}`);
