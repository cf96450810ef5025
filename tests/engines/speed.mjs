// In-browser training steps/s of the default task (toy English → Japanese,
// from scratch) in each engine, through the same driver as the subset:
//   BASE_URL=<site> [ENGINES=chromium,firefox,webkit] [ROUNDS=3] [SECONDS=15] \
//     xvfb-run -a -s "-screen 0 1920x1200x24 -noreset" node tests/engines/speed.mjs
// (xvfb-run only for WebKit). The engines take turns, round by round, each
// round in a fresh page: Reset, Train, 5 steps of warm-up (as
// tests/browser_bench.mjs), then the steps of the next SECONDS on the page's
// counter. Prints each round, then each engine's median and its ratio to the
// first engine's. A measurement for BENCHMARKS.md, not a test: run it alone
// on the machine.
import { byTestId, launch, running, stepCount, until, withLab } from './driver.mjs';

const engines = (process.env.ENGINES ?? 'chromium,firefox,webkit').split(',');
const rounds = Number(process.env.ROUNDS ?? 3);
const seconds = Number(process.env.SECONDS ?? 15);
const WARMUP_STEPS = 5;

/** Steps per second of a fresh run in `browser`, and how many cores shared its steps at the end. */
async function stepsPerSecond(browser) {
  let result;
  await withLab(browser, '?lang=en&task=en-ja', async (page) => {
    await page.click(byTestId('train-reset'));
    await until(() => stepCount(page), (n) => n === 0, 20_000, 'a fresh run at step 0');
    await page.click(byTestId('train-toggle'));
    await until(() => stepCount(page), (n) => n >= WARMUP_STEPS, 60_000, 'the warm-up steps');
    const s0 = await stepCount(page);
    const t0 = Date.now();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const s1 = await stepCount(page);
    const elapsed = (Date.now() - t0) / 1000;
    const cores = await page.evaluate((s) => document.querySelector(s)?.dataset.cores ?? '?', byTestId('cores'));
    await page.click(byTestId('train-toggle'));
    await until(() => running(page), (r) => r === false, 10_000, 'paused');
    result = { perSecond: (s1 - s0) / elapsed, cores };
  });
  return result;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const browsers = {};
const measured = Object.fromEntries(engines.map((e) => [e, []]));
try {
  for (const engine of engines) browsers[engine] = await launch(engine);
  for (let round = 1; round <= rounds; round += 1) {
    for (const engine of engines) {
      const { perSecond, cores } = await stepsPerSecond(browsers[engine]);
      measured[engine].push(perSecond);
      console.log(`speed ${engine} round ${round} steps_per_s=${perSecond.toFixed(2)} cores=${cores}`);
    }
  }
  const base = median(measured[engines[0]]);
  for (const engine of engines) {
    const m = median(measured[engine]);
    console.log(`speed ${engine} (${browsers[engine].version}) median steps_per_s=${m.toFixed(2)} `
      + `of ${measured[engine].map((x) => x.toFixed(2)).join(', ')}; ${(m / base).toFixed(2)}× ${engines[0]}`);
  }
} finally {
  for (const browser of Object.values(browsers)) await browser.close();
}
