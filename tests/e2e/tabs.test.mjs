// End-to-end tests of one run per tab (issue 22): each tab keeps and
// restores its own run, a new tab starts from the run saved most recently
// and says so, closed tabs' runs stay listed, and a reload while training
// loses at most about five seconds of it.
//
// The pages of one browser context are the tabs of one browser: they share
// IndexedDB and Web Locks, and each has its own sessionStorage.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, byTestId, launch, stepCount, until, waitForModel } from './lab.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Opens a new tab of `context` on the lab; console errors go to `errors`. */
async function openTab(context, errors, init) {
  const page = await context.newPage();
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(`console: ${msg.text()}`); });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  if (init) await page.addInitScript(init);
  await page.goto(BASE_URL);
  await waitForModel(page);
  return page;
}

/** Runs `body` with a fresh browser context: a browser with nothing saved. */
async function withBrowser(body) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const errors = [];
  try {
    await body(context, errors);
  } finally {
    await context.close();
  }
}

const saveNote = (page) => page.locator(byTestId('save-note')).innerText();
const savedAt = (page, step) => until(() => saveNote(page), (t) => new RegExp(`step ${step}\\b`).test(t), 20_000, `the save at step ${step}`);
const task = (page) => page.locator(byTestId('task-picker')).inputValue();
const started = async (page) => ({
  kind: await page.locator(byTestId('run-start')).getAttribute('data-start'),
  text: await page.locator(byTestId('run-start')).innerText(),
});
const tabId = (page) => page.evaluate(() => sessionStorage.getItem('attention-lab/tab'));

/** Presses Step `n` times, each time waiting for the step to land. */
async function steps(page, n) {
  for (let i = 0; i < n; i += 1) {
    const before = await stepCount(page);
    await page.locator(byTestId('train-step')).click();
    await until(() => stepCount(page), (s) => s === before + 1, 20_000, `step ${before + 1}`);
  }
}

/** Switches the tab to the pretrained model of `name`, takes `n` steps and waits for the save. */
async function trainTask(page, name, n) {
  if ((await task(page)) !== name) {
    await page.locator(byTestId('task-picker')).selectOption(name);
    await until(() => page.locator(byTestId('model-origin')).innerText(), (t) => /pretrained/.test(t), 20_000, `the ${name} model`);
    await waitForModel(page);
  }
  await steps(page, n);
  const step = await stepCount(page);
  await savedAt(page, step);
  return step;
}

/** Reloads `page` and returns the task and step it comes back with. */
async function reloaded(page) {
  await page.reload();
  await waitForModel(page);
  await until(() => page.locator(byTestId('run-start')).getAttribute('data-start'), (k) => k !== null, 10_000, 'the start note');
  return { task: await task(page), step: await stepCount(page), start: await started(page) };
}

test('two tabs keep their own runs, and a reload brings back its own tab\'s', () => withBrowser(async (context, errors) => {
  const a = await openTab(context, errors);
  assert.equal((await started(a)).kind, 'pretrained', 'nothing saved yet');
  const stepA = await trainTask(a, 'en-ja', 3);

  const b = await openTab(context, errors);
  const fromA = await started(b);
  assert.equal(fromA.kind, 'latest', 'a new tab starts from the latest saved run');
  assert.match(fromA.text, new RegExp(`step ${stepA}\\b`), 'and says which');
  assert.equal(await stepCount(b), stepA);
  assert.notEqual(await tabId(b), await tabId(a));
  const stepB = await trainTask(b, 'copy', 2);

  // The bug of issue 22: tab A came back with tab B's copy run.
  const backA = await reloaded(a);
  assert.deepEqual([backA.task, backA.step, backA.start.kind], ['en-ja', stepA, 'this-tab']);
  const backB = await reloaded(b);
  assert.deepEqual([backB.task, backB.step, backB.start.kind], ['copy', stepB, 'this-tab']);

  // A duplicated tab copies sessionStorage (identity included): it finds that
  // identity's lock held by tab A and takes one of its own.
  const id = await tabId(a);
  const copy = await openTab(context, errors, `sessionStorage.setItem('attention-lab/tab', ${JSON.stringify(id)})`);
  assert.notEqual(await tabId(copy), id, 'the duplicate has an identity of its own');
  assert.equal((await started(copy)).kind, 'latest');
  await trainTask(copy, 'reverse', 1);
  const againA = await reloaded(a);
  assert.deepEqual([againA.task, againA.step], ['en-ja', stepA], 'the duplicate\'s saves leave tab A\'s run alone');
  assert.deepEqual(errors, []);
}));

test('three tabs, one closed: the others restore their own, and the closed one\'s run stays listed', () => withBrowser(async (context, errors) => {
  const a = await openTab(context, errors);
  const stepA = await trainTask(a, 'en-ja', 1);
  const b = await openTab(context, errors);
  const stepB = await trainTask(b, 'copy', 2);
  const c = await openTab(context, errors);
  const stepC = await trainTask(c, 'reverse', 3);
  const idB = await tabId(b);
  await b.close();

  const backA = await reloaded(a);
  assert.deepEqual([backA.task, backA.step], ['en-ja', stepA]);
  const backC = await reloaded(c);
  assert.deepEqual([backC.task, backC.step], ['reverse', stepC]);

  // A's list: B's run (closed), not C's (open) nor A's own.
  await a.locator(byTestId('run-list-toggle')).click();
  const listed = a.locator(byTestId('run-item'));
  await until(() => listed.count(), (n) => n === 1, 10_000, 'one listed run');
  assert.equal(await listed.getAttribute('data-tab'), idB);
  assert.deepEqual([await listed.getAttribute('data-task'), await listed.getAttribute('data-step')], ['copy', String(stepB)]);

  // A new tab starts from the most recently saved run, C's, and says so.
  const d = await openTab(context, errors);
  const start = await started(d);
  assert.equal(start.kind, 'latest');
  assert.match(start.text, new RegExp(`step ${stepC}\\b`));
  assert.deepEqual([await task(d), await stepCount(d)], ['reverse', stepC]);
  // It can take up the closed tab's run from the list.
  await d.locator(byTestId('run-list-toggle')).click();
  const item = d.locator(`${byTestId('run-item')}[data-tab="${idB}"]`);
  await item.waitFor({ timeout: 10_000 });
  await item.locator(byTestId('run-restore')).click();
  await until(() => stepCount(d), (n) => n === stepB, 20_000, `B's run at step ${stepB}`);
  assert.equal(await task(d), 'copy');
  assert.deepEqual(errors, []);
}));

// Steps the page's count may trail the worker's by: a snapshot's worth (about
// 27 steps/s, four snapshots a second: `SNAPSHOT_MS`, 250 ms), and a margin.
const SNAPSHOT_LAG_STEPS = 12;

test('a reload while training loses at most about 5 s of training', () => withBrowser(async (context, errors) => {
  const page = await openTab(context, errors);
  const seen = [];
  await page.locator(byTestId('train-toggle')).click();
  const start = Date.now();
  while (Date.now() - start < 12_000) {
    seen.push({ at: Date.now(), step: await stepCount(page) });
    await page.waitForTimeout(200);
  }
  const reloadAt = Date.now();
  const last = await stepCount(page);
  await page.reload(); // no pause
  await waitForModel(page);
  const back = await stepCount(page);
  const fiveSecondsBefore = seen.filter((s) => s.at <= reloadAt - 5_000).at(-1).step;
  console.log(`reload at step ${last}; back at step ${back}; 5 s before the reload: step ${fiveSecondsBefore}`);
  assert.ok(back >= fiveSecondsBefore, `back at step ${back}, but the run was at step ${fiveSecondsBefore} 5 s before the reload`);
  // The page shows the worker's step up to one snapshot late (at most four a
  // second), and the worker trains on until the page goes: a save may be a
  // snapshot's steps past the last count the page showed, never further.
  assert.ok(back <= last + SNAPSHOT_LAG_STEPS, `back at step ${back}, beyond step ${last}`);
  assert.equal((await started(page)).kind, 'this-tab');
  assert.deepEqual(errors, []);
}));
