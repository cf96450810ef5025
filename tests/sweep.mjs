// In-browser training steps/s at one size, for `cargo xtask sweep`:
//   node tests/sweep.mjs <d_model> <batch_size> [seconds]
// opens a `start=scratch` deep link of English → Japanese with those sizes
// (every other setting is the toy preset's, seed 42, as natively), checks that
// the page took them, presses Train, waits for a few steps (the warm-up), then
// counts the steps of the next `seconds` (default 15).
// Prints `bench flex browser steps_per_s=<x>`, the form `cargo xtask bench` reads.
import { byTestId, launch, openLab, pauseTraining, stepCount, trainingStepsPerSecond } from './e2e/lab.mjs';

const DEFAULT_SECONDS = 15;
const WARMUP_STEPS = 3;
const WARMUP_TIMEOUT_MS = 60_000;

const [dModel, batchSize, seconds = DEFAULT_SECONDS] = process.argv.slice(2).map(Number);
if (!Number.isInteger(dModel) || !Number.isInteger(batchSize) || !(seconds > 0)) {
  console.error('usage: node tests/sweep.mjs <d_model> <batch_size> [seconds]');
  process.exit(2);
}

const link = `?lang=en&task=en-ja&d_model=${dModel}&batch_size=${batchSize}&start=scratch`;
const browser = await launch();
try {
  const { context, page, errors } = await openLab(browser, link);
  for (const [name, want] of [['d_model', dModel], ['batch_size', batchSize]]) {
    const got = Number(await page.locator(byTestId(`setting-${name}`)).inputValue());
    if (got !== want) throw new Error(`the page has ${name} ${got}, the link asked for ${want}`);
  }
  if ((await stepCount(page)) !== 0) throw new Error('the link did not start from scratch');
  const perSecond = await trainingStepsPerSecond(page, WARMUP_STEPS, seconds, WARMUP_TIMEOUT_MS);
  await pauseTraining(page);
  if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
  console.log(`bench flex browser steps_per_s=${perSecond.toFixed(2)}`);
  await context.close();
} finally {
  await browser.close();
}
