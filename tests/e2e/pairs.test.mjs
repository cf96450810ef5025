// End-to-end tests of the reader's own sentence pairs (issue 24): paste
// them, train from scratch, translate, and find them again after a reload;
// every kind of bad input gets a clear message and the current model
// survives; a link cannot carry them and says so.
import { after, before, test } from 'node:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { BASE_URL, byTestId, launch, openLab, pauseTraining, startTraining, stepCount, until, waitForModel } from './lab.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const text = (page, id) => page.locator(byTestId(id)).first().textContent({ timeout: 500 }).catch(() => '');
const origin = (page) => text(page, 'model-origin');

// Twelve pairs, English → Japanese written without spaces (split a character a token).
const PAIRS = [
  'I eat.\t私は食べる。', 'You eat.\tあなたは食べる。', 'I drink.\t私は飲む。', 'You drink.\tあなたは飲む。',
  'I run.\t私は走る。', 'You run.\tあなたは走る。', 'I read.\t私は読む。', 'You read.\tあなたは読む。',
  'I sleep.\t私は寝る。', 'You sleep.\tあなたは寝る。', 'I write.\t私は書く。', 'You write.\tあなたは書く。',
  'I eat.\t私は食べます。',
].join('\n');

async function steps(page, n) {
  for (let i = 0; i < n; i += 1) {
    const before = await stepCount(page);
    await page.locator(byTestId('train-step')).click();
    await until(() => stepCount(page), (s) => s === before + 1, 20_000, `step ${before + 1}`);
  }
}

test('your own pairs train from scratch, translate, and come back after a reload', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=en');
  try {
    await page.locator(byTestId('task-picker')).selectOption('custom');
    await page.locator(byTestId('custom-pairs')).waitFor({ state: 'visible', timeout: 5_000 });
    assert.match(await text(page, 'custom-split'), /each Chinese character, kana or hangul syllable/, 'the page says how text is split');
    await page.locator(byTestId('custom-pairs')).fill(PAIRS);
    await page.locator(byTestId('custom-apply')).click();
    await until(() => origin(page), (t) => /Your own sentence pairs/.test(t) && /from scratch/.test(t), 30_000, 'a model of the pairs');
    await waitForModel(page);
    assert.match(await text(page, 'custom-status'), /Read 12 pairs \(one repeated line kept once\)/);
    await steps(page, 3);
    // Training shares each step with the helper worker, which is handed the pairs.
    await startTraining(page);
    const cores = page.locator(byTestId('cores'));
    await until(() => cores.getAttribute('data-cores'), (n) => n === '2', 30_000, 'steps shared with the helper worker');
    await pauseTraining(page);
    await page.locator(byTestId('translate-input')).fill('You eat.');
    await page.waitForTimeout(1_000);
    assert.equal(await page.locator(byTestId('error-message')).count(), 0, 'a known sentence translates without an error');
    // The run is saved after its steps; a reload brings the pairs back with it.
    const step = await stepCount(page);
    await until(() => text(page, 'save-note'), (t) => new RegExp(`step ${step}\\b`).test(t), 20_000, `the save at step ${step}`);
    await page.reload();
    await waitForModel(page);
    await until(() => origin(page), (t) => /Your own sentence pairs/.test(t), 20_000, 'the pairs run restored');
    assert.equal(await stepCount(page), step);
    assert.ok(await page.locator(byTestId('custom-panel')).evaluate((d) => d.open), 'the panel stays open on a run of the pairs');
    await page.locator(byTestId('copy-link')).click();
    assert.match(await text(page, 'save-note'), /A link cannot carry sentence pairs/);
    assert.deepEqual(errors.filter((e) => !/clipboard/i.test(e)), []);
  } finally {
    await context.close();
  }
});

test('bad pairs get a clear message each, and the current model survives', async () => {
  const { context, page } = await openLab(browser, '?lang=en&task=en-ja');
  try {
    await until(() => origin(page), (t) => /pretrained/.test(t), 20_000, 'the pretrained model');
    const before = await origin(page);
    await page.locator(byTestId('task-picker')).selectOption('custom');
    const expectMessage = async (what, pattern) => {
      const message = await until(() => text(page, 'error-message'), (t) => pattern.test(t), 10_000, what);
      assert.match(message, /The current model keeps working/, what);
      await page.locator(`${byTestId('error-message')} .dismiss`).click();
    };
    const paste = async (value, what, pattern) => {
      await page.locator(byTestId('custom-pairs')).fill(value);
      await page.locator(byTestId('custom-apply')).click();
      await expectMessage(what, pattern);
    };
    // A file the page cannot read is refused at once; one it can fills the
    // text box, and the worker refuses it when it is applied.
    const upload = async (buffer, what, pattern, { apply = false } = {}) => {
      await page.locator(byTestId('custom-pairs')).fill('');
      await page.locator(byTestId('custom-file')).setInputFiles({ name: 'pairs.tsv', mimeType: 'text/tab-separated-values', buffer });
      if (apply) {
        await until(() => page.locator(byTestId('custom-pairs')).inputValue().then((v) => v.length), (n) => n > 0, 10_000, `${what} in the text box`);
        await page.locator(byTestId('custom-apply')).click();
      }
      await expectMessage(what, pattern);
    };
    await paste('', 'empty input', /there are no pairs/);
    await paste('hello world\nfoo bar', 'one column', /line 1 has no TAB/);
    await paste('a\tb', 'only one pair', /there is one different pair; the lab needs at least 5/);
    await paste('a\tb\n'.repeat(9), 'duplicates only', /there is one different pair/);
    await paste(`${'word '.repeat(40)}\tb`, 'a line over the length limit', /line 1 has a sentence of 40 tokens; the model reads at most 31/);
    await paste('a\tb\tc', 'three columns', /line 1 has more than one TAB/);
    await upload(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01, 0x09, 0x00]), 'a binary file', /not UTF-8 text/, { apply: true });
    await upload(Buffer.from([0x61, 0x09, 0xff, 0xfe, 0x0a]), 'invalid UTF-8', /not UTF-8 text/);
    // Twice the limit, from a file on disk: refused by its size before it
    // is read. (Playwright hands a file over at about 6 s a megabyte here,
    // and a larger one tests nothing more: the page never reads past the size.)
    const dir = mkdtempSync(join(tmpdir(), 'pairs-'));
    try {
      const big = join(dir, 'big.tsv');
      writeFileSync(big, Buffer.alloc(2 * 1024 * 1024, 0x61));
      await page.locator(byTestId('custom-file')).setInputFiles(big);
      await expectMessage('a 2 MB file', /the text is 2 MiB; at most 1 MiB/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await upload(Buffer.from('\n'.repeat(100_000)), 'five times the lines allowed', /there are 100000 lines; at most 20000/, { apply: true });
    assert.equal(await origin(page), before, 'the model is the one from before');
    await page.locator(byTestId('train-step')).click();
    await until(() => stepCount(page), (n) => n >= 1, 20_000, 'a step of the model that stayed');
  } finally {
    await context.close();
  }
});

test('a link to your own pairs opens the panel and says a link cannot carry them', async () => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  try {
    const page = await context.newPage();
    await page.goto(`${BASE_URL}?lang=en&task=custom`);
    await waitForModel(page);
    assert.match(await text(page, 'error-message'), /A link cannot carry sentence pairs/);
    await page.locator(byTestId('custom-pairs')).waitFor({ state: 'visible', timeout: 5_000 });
    assert.match(await origin(page), /pretrained/, 'a model to work with meanwhile');
  } finally {
    await context.close();
  }
});

// Puts `text` in `box` as a paste would (Playwright's fill types 1 MB too
// slowly), then types, selects all, deletes and types again, as a reader
// does; returns the main-thread tasks of over 50 ms meanwhile, in ms.
async function editLongText(page, box, text) {
  await box.evaluate((el, value) => {
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
  await box.click();
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push(Math.round(entry.duration));
    }).observe({ type: 'longtask' });
  });
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' more', { delay: 20 });
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type('typed again', { delay: 20 });
  // A long task is reported after it ends: give the last one time to be.
  await page.waitForTimeout(1_000);
  assert.equal(await box.inputValue(), 'typed again');
  return page.evaluate(() => window.longTasks);
}

test('a box of 20,000 pairs stays responsive: typing, selecting and deleting run no main-thread task over 200 ms', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=en');
  try {
    const pairs = Array.from({ length: 20_000 }, (_, i) => `the sentence number ${i} is here .\t文 の 番号 ${i} です 。`).join('\n');
    // The browser's own time for the same edits, in a page with nothing but the box.
    const bare = await context.newPage();
    await bare.setContent('<textarea rows="8" spellcheck="false"></textarea>');
    const own = await editLongText(bare, bare.locator('textarea'), pairs);
    await bare.close();
    await page.locator(byTestId('task-picker')).selectOption('custom');
    const box = page.locator(byTestId('custom-pairs'));
    await box.waitFor({ state: 'visible', timeout: 5_000 });
    const long = await editLongText(page, box, pairs);
    console.log(`tasks over 50 ms with 20,000 pairs in the box: lab [${long.join(', ')}] ms, a bare page [${own.join(', ')}] ms`);
    // 200 ms, or twice the bare page's longest where this machine is slower than that.
    const limit = Math.max(200, 2 * Math.max(0, ...own));
    assert.ok(long.every((ms) => ms <= limit), `a task of over ${limit} ms: ${long.join(', ')} ms`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a file with a byte-order mark and old Mac line ends (CR) is read as a text editor shows it', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=en');
  try {
    await page.locator(byTestId('task-picker')).selectOption('custom');
    const box = page.locator(byTestId('custom-pairs'));
    await box.waitFor({ state: 'visible', timeout: 5_000 });
    const buffer = Buffer.from(`\ufeff${PAIRS.split('\n').join('\r')}\r`);
    await page.locator(byTestId('custom-file')).setInputFiles({ name: 'mac.tsv', mimeType: 'text/tab-separated-values', buffer });
    await until(() => box.inputValue().then((v) => v.length), (n) => n > 0, 10_000, 'the file in the text box');
    await page.locator(byTestId('custom-apply')).click();
    await until(() => origin(page), (t) => /Your own sentence pairs/.test(t), 30_000, 'a model of the pairs');
    assert.match(await text(page, 'custom-status'), /Read 12 pairs \(one repeated line kept once\)/);
    // The words the model reads: the first sentence's first word has no mark before it.
    const words = await until(
      () => page.locator(byTestId('vocab-word')).allTextContents().catch(() => []),
      (w) => w.length > 0,
      10_000,
      'the words of the pairs listed',
    );
    assert.ok(words.some((w) => /^i\s/.test(w.trim())), `"i" is a word: ${words.join(' | ')}`);
    assert.ok(words.every((w) => !w.includes('\ufeff')), 'no byte-order mark in a word');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
