// End-to-end tests of durable runs (issues 8 and 9, part 6): the worker saves
// the run in IndexedDB itself, a reload brings it back exactly, named runs can
// be saved, listed, restored and deleted, and a full quota loses nothing.
//
// Run with `cargo xtask e2e` (after `trunk build --release`), or against any
// served dist/ with BASE_URL=http://127.0.0.1:PORT/ node --test tests/e2e/runs.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { byTestId, launch, openLab, stepCount, until, waitForModel } from './lab.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Runs `body` in a fresh browser context (fresh storage), closing it afterwards. */
async function withLab(body) {
  const lab = await openLab(browser);
  try {
    await body(lab);
  } finally {
    await lab.context.close();
  }
}

/** The loss as stored (f32 `Debug`): equal strings are equal bits. */
const exactLoss = (page) => page.locator(byTestId('loss-value')).getAttribute('data-loss');

const note = (page) => page.locator(byTestId('save-note')).innerText();

/** Waits until the worker says it saved the run at `step`. */
const savedAt = (page, step) => until(() => note(page), (t) => new RegExp(`step ${step}\\b`).test(t), 20_000, `the save at step ${step}`);

/** Presses Step `n` times, each time waiting for the step to land. */
async function steps(page, n) {
  for (let i = 0; i < n; i += 1) {
    const before = await stepCount(page);
    await page.locator(byTestId('train-step')).click();
    await until(() => stepCount(page), (s) => s === before + 1, 20_000, `step ${before + 1}`);
  }
}

/** Reset: a fresh model from the settings form (the same seed in every fresh page). */
async function fromScratch(page) {
  await page.locator(byTestId('train-reset')).click();
  await until(() => stepCount(page), (n) => n === 0, 20_000, 'a fresh model at step 0');
  await waitForModel(page);
}

test('a paused run comes back after a reload: same step, same loss, same curves', () => withLab(async ({ page, errors }) => {
  const start = await stepCount(page);
  await page.locator(byTestId('train-toggle')).click();
  await until(() => stepCount(page), (n) => n >= start + 5, 30_000, 'a few steps');
  // Main-thread tasks over 50 ms from the pause to the confirmed save.
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
  });
  await page.locator(byTestId('train-toggle')).click(); // pause: the worker saves
  let step = await stepCount(page);
  for (;;) {
    await page.waitForTimeout(400);
    const now = await stepCount(page);
    if (now === step) break;
    step = now;
  }
  await savedAt(page, step);
  const longTasks = await page.evaluate(() => window.__longTasks);
  console.log(`main-thread long tasks from pause to saved: ${JSON.stringify(longTasks.map(Math.round))}`);
  const loss = await exactLoss(page);
  const shown = await page.locator(byTestId('loss-value')).innerText();
  assert.ok(loss, 'a loss is shown');

  await page.reload();
  await waitForModel(page);
  assert.equal(await stepCount(page), step, 'the step comes back');
  assert.equal(await exactLoss(page), loss, 'the last loss of the curves comes back, bit for bit');
  assert.equal(await page.locator(byTestId('loss-value')).innerText(), shown);
  assert.match(await page.locator(byTestId('model-origin')).innerText(), /restored/);
  assert.deepEqual(errors, []);
}));

test('a run resumed after a reload trains on bit-identically to one never interrupted', async () => {
  let interrupted;
  await withLab(async ({ page }) => {
    await fromScratch(page);
    await steps(page, 3);
    await savedAt(page, 3);
    await page.reload();
    await waitForModel(page);
    assert.equal(await stepCount(page), 3, 'restored at step 3');
    await steps(page, 2);
    interrupted = await exactLoss(page);
  });
  await withLab(async ({ page }) => {
    await fromScratch(page);
    await steps(page, 5);
    assert.equal(await exactLoss(page), interrupted, 'the loss at step 5, with and without a reload at step 3');
  });
});

test('a named run can be saved, listed, restored and deleted', () => withLab(async ({ page, errors }) => {
  await steps(page, 2);
  const saved = await stepCount(page);
  const loss = await exactLoss(page);
  await page.locator(byTestId('run-name')).fill('baseline');
  await page.locator(byTestId('run-save-as')).click();
  await until(() => note(page), (t) => t.includes('baseline'), 20_000, 'the named save');
  await page.locator(byTestId('run-list-toggle')).click();
  const item = page.locator(`${byTestId('run-item')}[data-name="baseline"]`);
  await item.waitFor({ timeout: 10_000 });
  assert.equal(await item.getAttribute('data-step'), String(saved));

  await steps(page, 2);
  assert.equal(await stepCount(page), saved + 2);
  await item.locator(byTestId('run-restore')).click();
  await until(() => stepCount(page), (n) => n === saved, 20_000, `the named run at step ${saved}`);
  assert.equal(await exactLoss(page), loss, 'its curves come back with it');

  // The list survives a reload (it lives in the worker's storage).
  await page.reload();
  await waitForModel(page);
  await page.locator(byTestId('run-list-toggle')).click();
  await page.locator(`${byTestId('run-item')}[data-name="baseline"]`).waitFor({ timeout: 10_000 });
  await page.locator(`${byTestId('run-item')}[data-name="baseline"] ${byTestId('run-delete')}`).click();
  await until(() => page.locator(byTestId('run-item')).count(), (n) => n === 0, 10_000, 'the run deleted');
  assert.deepEqual(errors, []);
}));

test('a full storage quota says so and the previous save is kept', () => withLab(async ({ page }) => {
  await steps(page, 1);
  const kept = await stepCount(page);
  await savedAt(page, kept);
  // A full quota, as the browser reports it to the worker's IndexedDB writes.
  // (CDP's Storage.overrideQuotaForOrigin has no effect in headless Chromium here.)
  const worker = page.workers().find((w) => w.url().includes('worker_loader'));
  assert.ok(worker, 'the training worker');
  await worker.evaluate(() => {
    IDBObjectStore.prototype.put = function full() {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await steps(page, 1);
  const banner = await until(() => page.locator(byTestId('error-message')).innerText().catch(() => ''), (t) => /full/.test(t), 20_000, 'the quota message');
  assert.match(banner, /previous save is kept/);
  assert.match(await note(page), new RegExp(`step ${kept}\\b`), 'no later save was reported');
  await page.reload();
  await waitForModel(page);
  assert.equal(await stepCount(page), kept, 'the last save that fitted is restored');
}));

test('a downloaded checkpoint uploads into a fresh page and resumes there', async () => {
  const file = join(tmpdir(), `attention-lab-runs-${process.pid}.ckpt`);
  let step;
  let next;
  await withLab(async ({ page }) => {
    await steps(page, 2);
    step = await stepCount(page);
    const download = page.waitForEvent('download');
    await page.locator('.run-bar button', { hasText: '⤓' }).click();
    await (await download).saveAs(file);
    await steps(page, 1);
    next = await exactLoss(page);
  });
  await withLab(async ({ page, errors }) => {
    await page.locator(byTestId('checkpoint-upload')).setInputFiles(file);
    await until(() => stepCount(page), (n) => n === step, 20_000, `the uploaded run at step ${step}`);
    assert.match(await page.locator(byTestId('model-origin')).innerText(), /uploaded/);
    await steps(page, 1);
    assert.equal(await exactLoss(page), next, 'the next step after the upload is the one the first page took');
    assert.deepEqual(errors, []);
  });
  await rm(file, { force: true });
});
