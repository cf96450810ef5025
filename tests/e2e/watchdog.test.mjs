// End-to-end test of the page's watchdog on the training worker (issue 48):
// a worker that stops answering while the run trains (in Firefox, a helper's
// `new Worker` that never returned) is noticed within its patience, replaced,
// and the run restored from its last save trains on, its name kept.
//
// Run against a served dist/ with
// BASE_URL=http://127.0.0.1:PORT/ node --test tests/e2e/watchdog.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { byTestId, launch, startTraining, stepCount, until, withLab, workerNamed } from './lab.mjs';

/** `lab_session::watchdog::WORKER_PATIENCE_MS`, read from its one definition. */
const PATIENCE_MS = (() => {
  const source = readFileSync(new URL('../../crates/session/src/watchdog.rs', import.meta.url), 'utf8');
  const value = /pub const WORKER_PATIENCE_MS: f64 = ([\d_.]+);/.exec(source);
  assert.ok(value, 'WORKER_PATIENCE_MS in crates/session/src/watchdog.rs');
  return Number(value[1].replaceAll('_', ''));
})();

/** Time for the page's next look at the worker, and for drawing the banner (ms). */
const MARGIN_MS = 3_000;

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The text of the element `id` now, or '' (never waits for it to appear). */
const textOf = (page, id) => page.evaluate((sel) => document.querySelector(sel)?.innerText ?? '', byTestId(id));
const banner = (page) => textOf(page, 'error-message');
const note = (page) => textOf(page, 'save-note');

test('a training worker that stops answering is noticed, explained and restarted from its last save', () => withLab(browser, async ({ page, errors }) => {
  // A named copy of the run, and a name in the field: both must survive.
  await page.locator(byTestId('run-name')).fill('before the hang');
  await page.locator(byTestId('run-save-as')).click();
  await until(() => note(page), (t) => /before the hang/.test(t), 20_000, 'the named run saved');

  await startTraining(page);
  // An autosave while training (every AUTOSAVE_MS): the step it kept.
  const saved = Number((await until(
    () => note(page),
    (t) => /^Saved in this browser at step \d+/.test(t),
    20_000,
    'an autosave while training',
  )).match(/step (\d+)/)[1]);

  // Freeze the training worker: an endless loop, as a worker that never
  // returns from a call looks from outside (never awaited: it never ends).
  const worker = await workerNamed(page, 'training');
  assert.ok(worker, 'the training worker');
  const frozeAt = Date.now();
  worker.evaluate('for(;;){}').catch(() => {});

  const said = await until(() => banner(page), (t) => /stopped answering/.test(t), PATIENCE_MS + MARGIN_MS + 2_000, 'the watchdog\'s banner');
  const noticedAfter = Date.now() - frozeAt;
  assert.ok(noticedAfter <= PATIENCE_MS + MARGIN_MS, `noticed after ${noticedAfter} ms`);
  assert.ok(noticedAfter >= PATIENCE_MS - 1_500, `not before its patience: ${noticedAfter} ms`);
  assert.match(said, /A new worker is starting/, said);

  const restored = await until(() => banner(page), (t) => /restored from its last save, at step \d+/.test(t), 30_000, 'the run restored');
  const from = Number(restored.match(/at step (\d+)/)[1]);
  assert.ok(from >= saved, `restored at step ${from}, saved at ${saved}`);

  // It trains on, in a new worker, from there.
  const toggle = page.locator(byTestId('train-toggle'));
  await until(() => toggle.getAttribute('data-running'), (r) => r === 'true', 20_000, 'training again');
  await until(() => stepCount(page), (n) => n >= from + 5, 30_000, `training past step ${from}`);

  // The run's name and the named run are still there.
  assert.equal(await page.locator(byTestId('run-name')).inputValue(), 'before the hang');
  await page.locator(byTestId('run-list-toggle')).click();
  await page.locator(`${byTestId('run-item')}[data-name="before the hang"]`).waitFor({ timeout: 10_000 });
  assert.deepEqual(errors, [], 'no console error, no panic');
}));

/** The training worker that answers now (a frozen one, still listed, is skipped). */
async function liveTrainingWorker(page) {
  for (const worker of page.workers()) {
    const name = await Promise.race([
      worker.evaluate(() => self.name).catch(() => null),
      new Promise((resolve) => { setTimeout(() => resolve(null), 1_000); }),
    ]);
    if (name === 'training') return worker;
  }
  return null;
}

test('a worker that stops answering again and again is given up, and Restart worker tries once more', () => withLab(browser, async ({ page, errors }) => {
  const toggle = page.locator(byTestId('train-toggle'));
  await startTraining(page);
  // Three replacements are allowed in a few minutes; the fourth silence is not replaced.
  for (let hang = 1; hang <= 4; hang += 1) {
    await until(() => toggle.getAttribute('data-running'), (r) => r === 'true', 30_000, `training before hang ${hang}`);
    const worker = await until(() => liveTrainingWorker(page), Boolean, 10_000, 'the training worker');
    worker.evaluate('for(;;){}').catch(() => {});
    await until(() => banner(page), (t) => /stopped answering/.test(t) && !/restored/.test(t), PATIENCE_MS + MARGIN_MS + 2_000, `the banner of hang ${hang}`);
  }
  const said = await banner(page);
  assert.match(said, /stopped answering again/, said);
  assert.match(said, /restarted 3 times within 5 minutes/, said);
  // Nothing restarts by itself now.
  await page.waitForTimeout(3_000);
  assert.equal(await toggle.getAttribute('data-running'), 'false');
  await page.getByRole('button', { name: 'Restart worker' }).click();
  await until(() => page.locator(`${byTestId('train-toggle')}:not([disabled])`).count(), (n) => n === 1, 30_000, 'a model in the new worker');
  const from = await stepCount(page);
  await startTraining(page);
  await until(() => stepCount(page), (n) => n >= from + 3, 30_000, 'training again');
  assert.deepEqual(errors, [], 'no console error, no panic');
}));

test('a compare worker that stops answering is stopped, and its run says so while the other trains on', () => withLab(browser, async ({ page, errors }) => {
  await page.locator(byTestId('compare-start')).click();
  const stepOf = async (id) => Number((/step (\d+)/.exec(await textOf(page, id)) ?? [0, 0])[1]);
  await until(() => stepOf('compare-status-a'), (n) => n >= 3, 30_000, 'run A to train');
  await until(() => stepOf('compare-status-b'), (n) => n >= 3, 30_000, 'run B to train');
  const frozen = await workerNamed(page, 'compare');
  assert.ok(frozen, 'a compare worker');
  // Its thread never comes back. (Playwright reports a terminated worker
  // that was stuck in a loop closed only when the browser closes.)
  frozen.evaluate('for(;;){}').catch(() => {});
  const statuses = await until(
    async () => [await textOf(page, 'compare-status-a'), await textOf(page, 'compare-status-b')],
    (s) => s.some((t) => /stopped answering/.test(t)),
    PATIENCE_MS + MARGIN_MS,
    'the frozen run\'s message',
  );
  const alive = statuses.findIndex((t) => !/stopped answering/.test(t));
  assert.notEqual(alive, -1, `one run still trains: ${statuses.join(' | ')}`);
  const id = ['compare-status-a', 'compare-status-b'][alive];
  const before = await stepOf(id);
  await until(() => stepOf(id), (n) => n >= before + 3, 30_000, 'the other run to train on');
  await page.locator(byTestId('compare-stop')).click();
  assert.deepEqual(errors.filter((e) => /pageerror|panic|RuntimeError|unreachable/.test(e)), []);
}));
