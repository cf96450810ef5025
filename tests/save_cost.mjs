// What saving the tab's run costs while it trains, for BENCHMARKS.md:
//   BASE_URL=<site> node tests/save_cost.mjs [label] [seconds]
// Trains the default task from scratch for `seconds` (default 30) and reads,
// from the page, every save's cost as the worker measured it (the save
// note's data-snapshot-ms: the checkpoint's bytes, on the training thread;
// data-write-ms: the IndexedDB write, which training does not wait for) and
// the steps/s. Run it against a build whose saves are switched off to get the
// steps/s without them (BENCHMARKS.md says how).
// Prints `save <label> steps_per_s=<x> saves=<n> snapshot_ms=<median> write_ms=<median> snapshot_share=<x>`.
import { byTestId, launch, openLab, stepCount, until, waitForModel } from './e2e/lab.mjs';

const DEFAULT_SECONDS = 30;
const WARMUP_STEPS = 5;

const [label = 'build', secondsArg] = process.argv.slice(2);
const seconds = secondsArg === undefined ? DEFAULT_SECONDS : Number(secondsArg);
if (!/^[\w.-]+$/.test(label) || !(seconds > 0)) {
  console.error('usage: node tests/save_cost.mjs [label] [seconds]');
  process.exit(2);
}

const median = (xs) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const browser = await launch();
try {
  const { context, page, errors } = await openLab(browser, '?lang=en');
  await page.locator(byTestId('train-reset')).click();
  await waitForModel(page);
  await until(() => stepCount(page), (n) => n === 0, 10_000, 'a fresh run at step 0');
  const note = page.locator(byTestId('save-note'));
  await page.locator(byTestId('train-toggle')).click();
  await until(() => stepCount(page), (n) => n >= WARMUP_STEPS, 60_000, 'the warm-up steps');
  const s0 = await stepCount(page);
  const t0 = Date.now();
  const saves = [];
  let last = await note.innerText();
  while (Date.now() - t0 < seconds * 1000) {
    const text = await note.innerText();
    if (text !== last) {
      last = text;
      saves.push({
        snapshot: Number(await note.getAttribute('data-snapshot-ms')),
        write: Number(await note.getAttribute('data-write-ms')),
      });
    }
    await page.waitForTimeout(100);
  }
  const s1 = await stepCount(page);
  const elapsed = (Date.now() - t0) / 1000;
  if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
  const snapshot = median(saves.map((s) => s.snapshot));
  const write = median(saves.map((s) => s.write));
  // The share of the training thread's time that snapshots take.
  const share = (saves.reduce((sum, s) => sum + s.snapshot, 0) / 1000) / elapsed;
  console.log(`save ${label} steps_per_s=${((s1 - s0) / elapsed).toFixed(2)} saves=${saves.length} `
    + `snapshot_ms=${snapshot.toFixed(2)} write_ms=${write.toFixed(2)} snapshot_share=${share.toFixed(4)}`);
  await context.close();
} finally {
  await browser.close();
}
