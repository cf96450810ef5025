// End-to-end tests of hostile files: a checkpoint with a valid checksum whose
// header describes a model far over the lab's budget must be refused before
// the worker builds anything, and the current run must keep working.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertTrainingContinues, byTestId, launch, openLab, pauseTraining, startTraining, stepCount, until, waitForModel, withLab, workerNamed } from './lab.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** CRC-32 (IEEE 802.3), as the checkpoint format uses. */
function crc32(bytes) {
  let crc = 0xffffffff;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (~crc) >>> 0;
}

/** A checkpoint with a valid checksum and an empty payload, describing `config`. */
function forge(config) {
  const header = Buffer.from(JSON.stringify({ config, meta: null, tensors: [] }));
  const head = Buffer.alloc(16);
  head.write('ATTNLAB\0', 0, 'latin1');
  head.writeUInt32LE(1, 8);
  head.writeUInt32LE(header.length, 12);
  const body = Buffer.concat([head, header]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32LE(crc32(body), 0);
  return Buffer.concat([body, crc]);
}

test('a forged checkpoint describing a huge model is refused and the run survives', () => withLab(browser, async ({ page, errors }) => {
  const huge = {
    src_vocab_size: 100000, tgt_vocab_size: 100000, d_model: 4096, n_heads: 8, d_ff: 16384,
    n_encoder_layers: 24, n_decoder_layers: 24, dropout: 0.1, norm: 'Post', max_len: 64, pe_base: 10000.0,
  };
  await page.locator(byTestId('checkpoint-upload')).setInputFiles({ name: 'huge.ckpt', mimeType: 'application/octet-stream', buffer: forge(huge) });
  const message = page.locator(byTestId('error-message'));
  await message.waitFor({ timeout: 10_000 });
  assert.match(await message.innerText(), /too large|parameters/i, 'the message says why');
  await assertTrainingContinues(page, errors);
}));

test('a run that blows up is paused, explained, and reset with a safe schedule', () => withLab(browser, async ({ page, errors }) => {
  await page.locator(byTestId('setting-lr_factor')).fill('10');
  await page.locator(byTestId('setting-lr_factor')).dispatchEvent('change');
  await page.locator(byTestId('setting-warmup_steps')).fill('1');
  await page.locator(byTestId('setting-warmup_steps')).dispatchEvent('change');
  await page.locator(byTestId('settings-apply')).click();
  await until(() => stepCount(page), (n) => n === 0, 10_000, 'a fresh model');
  await startTraining(page);
  const message = page.locator(byTestId('error-message'));
  await message.waitFor({ timeout: 30_000 });
  const text = await message.innerText();
  assert.match(text, /blew up/, text);
  assert.match(text, /warm-up is too short or the factor too high/, text);
  assert.equal(await page.locator(byTestId('setting-lr_factor')).inputValue(), '1', 'the form holds the safe schedule');
  await page.locator(byTestId('banner-reset')).click();
  await assertTrainingContinues(page, errors);
}));

test('the page runs under a Content-Security-Policy with no inline script', () => withLab(browser, async ({ page, errors }) => {
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  assert.match(policy, /script-src 'self' 'wasm-unsafe-eval'/);
  assert.doesNotMatch(policy, /script-src[^;]*'unsafe-inline'/);
  const inline = await page.evaluate(() => [...document.scripts].filter((s) => !s.src).length);
  assert.equal(inline, 0, 'no inline <script>');
  assert.deepEqual(errors.filter((e) => /Content Security Policy|CSP/.test(e)), []);
}));

test('typed text is shown as text, never run as HTML', () => withLab(browser, async ({ page, errors }) => {
  const hostile = '<img src=x onerror="window.__pwned=1"> <b>big</b>';
  await page.locator(byTestId('translate-input')).fill(hostile);
  await page.locator(byTestId('translate-input')).press('Enter');
  // Whatever the verdict (unknown words), the text must come back as text.
  await until(() => page.locator('#translate').innerText(), (t) => t.includes('<img') || t.includes('img'), 10_000, 'the verdict on the typed text');
  assert.equal(await page.locator('#translate img, #translate b').count(), 0, 'no element made from typed text');
  assert.equal(await page.evaluate(() => window.__pwned ?? 0), 0);
  assert.deepEqual(errors, []);
}));

test('a worker that dies is replaced by itself, and the saved run comes back', () => withLab(browser, async ({ page }) => {
  const start = await stepCount(page);
  await startTraining(page);
  await until(() => stepCount(page), (n) => n >= start + 5, 20_000, 'a few steps');
  await page.locator(byTestId('train-toggle')).click(); // pause: the run is saved
  // The step the worker stopped at: unchanged over half a second.
  let saved = await stepCount(page);
  for (;;) {
    await page.waitForTimeout(500);
    const now = await stepCount(page);
    if (now === saved) break;
    saved = now;
  }
  const worker = await workerNamed(page, 'training');
  assert.ok(worker, 'the training worker');
  // An uncaught error in the worker, as a wasm trap ("unreachable") raises.
  await worker.evaluate(() => { setTimeout(() => { throw new Error('RuntimeError: unreachable (simulated)'); }); });
  await until(() => page.locator(byTestId('error-message')).innerText().catch(() => ''), (t) => /A new worker is starting and will restore the last saved run/.test(t), 10_000, 'the restart message');
  await until(() => page.locator(`${byTestId('train-toggle')}:not([disabled])`).count(), (n) => n === 1, 30_000, 'a model in the new worker');
  assert.equal(await stepCount(page), saved, 'the saved run restored');
  // The banner no longer says the run "will" be restored: it says it was, from which step.
  const restored = await until(() => page.locator(byTestId('error-message')).innerText().catch(() => ''), (t) => /restored from its last save, at step \d+/.test(t), 10_000, 'the restored message');
  assert.equal(Number(restored.match(/at step (\d+)/)[1]), saved, 'the banner names the restored step');
  assert.match(restored, /simulated/, 'the technical detail is kept for a bug report');
  assert.doesNotMatch(restored, /will restore/);
  await startTraining(page);
  await until(() => stepCount(page), (n) => n >= saved + 2, 20_000, 'training to go on');
}));

// A worker that dies while training may say so twice (a trap, then a panic
// as a later message finds a `RefCell` the trap left borrowed: WebKit, CI of
// 2026-12-07). The page counts one failure, names its first cause, and the
// restored run trains on by itself.
test('a worker that dies twice while training is counted once: the banner names the first cause, and the run trains on', () => withLab(browser, async ({ page }) => {
  const start = await stepCount(page);
  await startTraining(page);
  await until(() => stepCount(page), (n) => n >= start + 3, 20_000, 'a few steps');
  const worker = await workerNamed(page, 'training');
  assert.ok(worker, 'the training worker');
  // A trap (an uncaught error), then its panic hook's report of the second.
  assert.equal(await worker.evaluate(() => typeof wasm_bindgen.reportCrash), 'function', 'the panic hook\'s report is exported');
  await worker.evaluate(() => {
    setTimeout(() => { throw new Error('RuntimeError: unreachable (the first, simulated)'); });
    const why = 'RefCell already borrowed (the second, simulated)';
    setTimeout(() => wasm_bindgen.reportCrash(why), 50);
  });
  const restored = await until(() => page.locator(byTestId('error-message')).innerText().catch(() => ''), (t) => /restored from its last save, at step \d+/.test(t), 30_000, 'the restored message');
  assert.match(restored, /the first, simulated/, 'the banner names the first cause');
  assert.doesNotMatch(restored, /the second/);
  const from = Number(restored.match(/at step (\d+)/)[1]);
  await until(() => stepCount(page), (n) => n >= from + 3, 30_000, 'the restored run to train on by itself');
}));

// With this tab's run forgotten, the new worker finds no run to restore
// and opens the pretrained model: the banner says that, not that a saved
// run came back.
test('a worker that dies with no saved run is replaced, and the banner says no run was restored', () => withLab(browser, async ({ page }) => {
  await until(() => page.locator(`${byTestId('train-toggle')}:not([disabled])`).count(), (n) => n === 1, 30_000, 'the first model');
  await page.getByRole('button', { name: 'Forget saved run' }).dispatchEvent('click');
  await until(() => page.locator(byTestId('save-note')).innerText().catch(() => ''), (t) => /saved run was forgotten/.test(t), 10_000, 'the run forgotten');
  await page.waitForTimeout(500); // the worker has taken the message up
  const worker = await workerNamed(page, 'training');
  assert.ok(worker, 'the training worker');
  await worker.evaluate(() => { setTimeout(() => { throw new Error('RuntimeError: unreachable (simulated)'); }); });
  const banner = await until(() => page.locator(byTestId('error-message')).innerText().catch(() => ''), (t) => /could not restore a saved run/.test(t), 30_000, 'the no-save message');
  const at = Number(banner.match(/loaded the pretrained model, at step ([\d,]+)/)[1].replace(/,/g, ''));
  assert.doesNotMatch(banner, /restored from its last save/);
  await until(() => page.locator(`${byTestId('train-toggle')}:not([disabled])`).count(), (n) => n === 1, 30_000, 'a model in the new worker');
  await page.waitForTimeout(1_000);
  assert.notEqual(await page.locator(byTestId('train-toggle')).getAttribute('data-running'), 'true', 'nothing trains by itself');
  assert.equal(await stepCount(page), at, 'the banner names the step the page shows');
}));

// The helper worker on the second core can stop without a word (closed, or
// stopped by the browser): the training worker gives up waiting for its half
// of the step, computes it itself, and the run trains on, on one core.
test('a helper worker that stops without a word is given up, and training goes on', () => withLab(browser, async ({ page, errors }) => {
  await startTraining(page);
  const cores = page.locator(byTestId('cores'));
  await until(() => cores.getAttribute('data-cores'), (n) => n === '2', 20_000, 'steps shared with the helper');
  const helper = await until(() => workerNamed(page, 'helper'), Boolean, 10_000, 'the helper worker');
  await helper.evaluate(() => { setTimeout(() => self.close()); });
  await until(() => cores.getAttribute('data-cores'), (n) => n === '1', 20_000, 'training alone');
  const alone = await stepCount(page);
  await until(() => stepCount(page), (n) => n >= alone + 5, 20_000, 'training to go on');
  await pauseTraining(page);
  const crashes = errors.filter((e) => /pageerror|panic|RuntimeError|unreachable/.test(e));
  assert.deepEqual(crashes, [], 'no crash');
}));

// A helper that dies (an uncaught error, as a wasm trap raises) is stopped
// by the page that started it, and the run trains on, on one core.
test('a helper worker that dies is stopped, and training goes on', () => withLab(browser, async ({ page, errors }) => {
  await startTraining(page);
  const cores = page.locator(byTestId('cores'));
  await until(() => cores.getAttribute('data-cores'), (n) => n === '2', 20_000, 'steps shared with the helper');
  const helper = await until(() => workerNamed(page, 'helper'), Boolean, 10_000, 'the helper worker');
  await helper.evaluate(() => { setTimeout(() => { throw new Error('RuntimeError: unreachable (simulated)'); }); });
  await until(() => cores.getAttribute('data-cores'), (n) => n === '1', 20_000, 'training alone');
  await until(() => workerNamed(page, 'helper'), (w) => w === null, 10_000, 'the helper stopped');
  const alone = await stepCount(page);
  await until(() => stepCount(page), (n) => n >= alone + 5, 20_000, 'training to go on');
  await pauseTraining(page);
  assert.deepEqual(errors.filter((e) => /panic/.test(e)), [], 'no panic');
}));

// No worker starts another (in Firefox, a worker's `new Worker` could hang
// it for good): the page starts the helper and links it to the training
// worker with a MessageChannel. A training worker that cannot start a worker
// at all still shares its steps.
test('the page starts the helper: a training worker with no Worker constructor still shares its steps', () => withLab(browser, async ({ page, errors }) => {
  const training = await until(() => workerNamed(page, 'training'), Boolean, 10_000, 'the training worker');
  await training.evaluate(() => { self.Worker = undefined; });
  await startTraining(page);
  const cores = page.locator(byTestId('cores'));
  await until(() => cores.getAttribute('data-cores'), (n) => n === '2', 20_000, 'steps shared with the helper');
  const shared = await stepCount(page);
  await until(() => stepCount(page), (n) => n >= shared + 5, 20_000, 'training to go on');
  await pauseTraining(page);
  assert.deepEqual(errors, []);
}));

test('an evaluator that stops answering is stopped, and training goes on (the training worker evaluates for itself)', () => withLab(browser, async ({ page, errors }) => {
  const warnings = [];
  page.on('console', (msg) => { if (msg.type() === 'warning') warnings.push(msg.text()); });
  await startTraining(page);
  const evaluator = await until(() => workerNamed(page, 'evaluator'), Boolean, 10_000, 'the evaluator worker');
  const closed = new Promise((resolve) => evaluator.on('close', resolve));
  // Its thread never comes back: no answer, no crash, no word.
  await evaluator.evaluate(() => { setTimeout(() => { for (;;) { /* stuck */ } }); });
  await Promise.race([closed, new Promise((_, reject) => setTimeout(() => reject(new Error('the evaluator was not stopped within 40 s')), 40_000))]);
  assert.ok(warnings.some((w) => /The evaluator did not answer/.test(w)), warnings.join('\n'));
  const after = await stepCount(page);
  await until(() => stepCount(page), (n) => n >= after + 5, 20_000, 'training to go on');
  await pauseTraining(page);
  const crashes = errors.filter((e) => /pageerror|panic|RuntimeError|unreachable/.test(e));
  assert.deepEqual(crashes, [], 'no crash');
}));

// The worker sends what went wrong as data (`WorkerError`), and the page words
// it in the reader's language: no English sentence crosses from the worker.
test('a refused checkpoint is explained in the page language', async () => {
  const lab = await openLab(browser, '?lang=ja');
  try {
    const { page, errors } = lab;
    await waitForModel(page);
    await page.locator(byTestId('checkpoint-upload')).setInputFiles({ name: 'garbage.ckpt', mimeType: 'application/octet-stream', buffer: Buffer.from('not a checkpoint at all') });
    const message = page.locator(byTestId('error-message'));
    await message.waitFor({ timeout: 10_000 });
    const text = await message.innerText();
    assert.match(text, /チェックポイントを読み込めませんでした/, text);
    assert.match(text, /このラボで保存したチェックポイントではありません/, text);
    assert.match(text, /今のモデルはそのまま使えます/, text);
    // The reason is the page's own Japanese, not the worker's English.
    assert.doesNotMatch(text, /\b(the|not|is|file|checkpoint)\b/i, text);
    assert.deepEqual(errors, []);
  } finally {
    await lab.context.close();
  }
});

// The panic banner's buttons are plain JavaScript (web/panic_actions.js): the
// CSP forbids inline handlers, and after a panic the wasm may be unusable.
// "Forget" deletes the autosave in IndexedDB and keeps the runs saved by name.
test('the panic banner forgets this tab\'s run and keeps named runs', async () => {
  const lab = await openLab(browser);
  try {
    const { page } = lab;
    await waitForModel(page);
    const store = () => page.evaluate(() => new Promise((resolve, reject) => {
      const open = indexedDB.open('attention-lab');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const req = db.transaction('runs').objectStore('runs').getAllKeys();
        req.onsuccess = () => { db.close(); resolve(req.result.map(String).sort()); };
        req.onerror = () => reject(req.error);
      };
    }));
    await page.locator(byTestId('train-step')).click();
    await page.locator(byTestId('run-name')).fill('kept');
    await page.locator(byTestId('run-save-as')).click();
    await until(store, (keys) => keys.length >= 2, 20_000, 'the tab\'s run and the named run');
    const before = await store();
    const key = `tab:${await page.evaluate(() => sessionStorage.getItem('attention-lab/tab'))}`;
    // The banner as the panic hook draws it (its markup is tested natively).
    await page.evaluate((key) => {
      const banner = document.createElement('div');
      banner.innerHTML = '<button data-testid="forget" data-panic-action="forget" data-local-key="attention-lab/run/v1" '
        + `data-database="attention-lab" data-version="1" data-stores="runs,checkpoints" data-key="${key}">x</button>`;
      document.body.prepend(banner);
    }, key);
    await Promise.all([page.waitForEvent('load'), page.locator('[data-testid="forget"]').click()]);
    const after = await store();
    assert.ok(before.includes(key), `${before}`);
    assert.deepEqual(after, before.filter((k) => k !== key));
    await waitForModel(page);
    assert.equal(await page.locator(byTestId('run-start')).getAttribute('data-start'), 'pretrained',
      'the reload starts from the pretrained model');
  } finally {
    await lab.context.close();
  }
});
