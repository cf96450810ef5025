// node run.cjs check CRATE.wasm PATCHED.wasm: both builds against the
// definition, then their bits against each other.
// node run.cjs speed BUILD.wasm: GFLOP/s on real-en-ja's shapes (a shard of
// ~480 tokens, d_model 64, d_ff 256, 1,940 target words). One build per
// process: a second instance in the same process runs up to 10% slower.
const fs = require('fs');
const load = (path) =>
  new WebAssembly.Instance(new WebAssembly.Module(fs.readFileSync(path)), {}).exports;
const [mode, ...paths] = process.argv.slice(2);

if (mode === 'check') {
  const hashes = paths.map((path) => {
    const e = load(path);
    const out = [];
    for (const m of [1, 3, 4, 5, 8, 9, 13, 17, 33, 100])
      for (const k of [1, 2, 7, 64, 300, 513, 1100])
        for (const n of [1, 2, 3, 4, 5, 9, 37, 70])
          for (let layout = 0; layout < 32; layout++) out.push(e.check(m, k, n, layout));
    const wrong = out.filter((h) => h === 0xffffffffffffffffn).length;
    console.log(`${path}: ${out.length} products, ${wrong} off the definition`);
    if (wrong) process.exitCode = 1;
    return out;
  });
  const differ = hashes[0].filter((h, i) => h !== hashes[1][i]).length;
  console.log(`products whose bits differ between the builds: ${differ}`);
} else if (mode === 'speed') {
  const e = load(paths[0]);
  const speeds = [];
  for (const [m, k, n] of [[480, 64, 1940], [480, 64, 256], [480, 256, 64], [480, 64, 64], [64, 480, 1940]]) {
    const flops = 2 * m * k * n;
    const times = Math.max(1, Math.round(2e9 / flops));
    e.setup(m, k, n);
    e.multiply(m, k, n, 2);
    const t0 = performance.now();
    e.multiply(m, k, n, times);
    const gflops = (flops * times) / ((performance.now() - t0) / 1000) / 1e9;
    speeds.push(`${m}×${k}·${k}×${n} ${gflops.toFixed(1)}`);
  }
  console.log(`${paths[0]} GFLOP/s: ${speeds.join(', ')}`);
} else {
  console.error('usage: node run.cjs check A.wasm B.wasm | node run.cjs speed A.wasm');
  process.exit(2);
}
