// In-browser training steps/s of the benchmark workload (the toy preset on
// English → Japanese, from scratch, or on another task's sentences), for
// `cargo xtask bench --peers --site URL [--task T]`:
//   BASE_URL=<site> node tests/browser_bench.mjs [label] [seconds] [task]
// It uses only what every build of the lab has had (the task picker, Reset,
// Train and the step count), so that it also times a build of an older commit
// (`--base-site`). It resets to step 0, presses Train, waits for the warm-up
// steps, then counts the steps of the next `seconds` (default 15).
// Prints `bench <label> browser steps_per_s=<x>` (label default `flex`), the
// form `cargo xtask bench` reads.
import { byTestId, launch, openLab, stepCount, trainingStepsPerSecond, until, waitForModel } from './e2e/lab.mjs';

const DEFAULT_SECONDS = 15;
// The native and wasm benches warm up for 5 steps (lab_train::bench::WARMUP_STEPS).
const WARMUP_STEPS = 5;
const WARMUP_TIMEOUT_MS = 60_000;
const RESET_TIMEOUT_MS = 10_000;
const TASK_TIMEOUT_MS = 30_000;

const [label = 'flex', secondsArg, task = 'en-ja'] = process.argv.slice(2);
const seconds = secondsArg === undefined ? DEFAULT_SECONDS : Number(secondsArg);
if (!/^[\w.-]+$/.test(label) || !(seconds > 0) || !/^[\w-]+$/.test(task)) {
  console.error('usage: node tests/browser_bench.mjs [label] [seconds] [task]');
  process.exit(2);
}

const browser = await launch();
try {
  const { context, page, errors } = await openLab(browser, '?lang=en');
  const origin = () => page.locator(byTestId('model-origin')).innerText();
  const first = await origin();
  const picker = page.locator(byTestId('task-picker'));
  const switching = (await picker.inputValue()) !== task;
  await picker.selectOption(task);
  // Another task's model (a real task's is fetched when it is chosen).
  if (switching) await until(origin, (t) => t !== first, TASK_TIMEOUT_MS, `the ${task} model`);
  await waitForModel(page);
  await page.locator(byTestId('train-reset')).click();
  await waitForModel(page);
  await until(() => stepCount(page), (n) => n === 0, RESET_TIMEOUT_MS, 'a fresh run at step 0');
  const perSecond = await trainingStepsPerSecond(page, WARMUP_STEPS, seconds, WARMUP_TIMEOUT_MS);
  if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
  console.log(`bench ${label} browser steps_per_s=${perSecond.toFixed(2)}`);
  await context.close();
} finally {
  await browser.close();
}
