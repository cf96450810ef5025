// End-to-end tests of the real tasks (issue 24): English → Japanese and
// English → Chinese sentences from real corpora. A first visit fetches none
// of them; choosing one fetches its sentences and its trained model with a
// progress bar, names the corpus and its licence, translates a held-out
// sentence (an unknown word is read as <unk> and shown as typed), and
// trains from scratch; a download that fails keeps the current model.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, byTestId, launch, openLab, pauseTraining, startTraining, stepCount, until, waitForModel } from './lab.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const text = (page, id) => page.locator(byTestId(id)).first().textContent({ timeout: 500 }).catch(() => '');
const REAL_FILES = /assets\/(data\/real-|checkpoints\/real-)/;

/** Opens the lab and records the URLs it requests. */
async function openRecording(query) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const requested = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(`${BASE_URL}${query}`);
  await waitForModel(page);
  return { context, page, requested };
}

test('a first visit fetches nothing of the real tasks; choosing one fetches its sentences and model with progress and names the corpus and licence', async () => {
  const { context, page, requested } = await openRecording('?lang=en');
  try {
    assert.deepEqual(requested.filter((url) => REAL_FILES.test(url)), [], 'nothing of a real task on a first visit');
    assert.equal(await page.locator(byTestId('data-source')).count(), 0, 'a toy task names no corpus');
    // Hold the sentences back for a moment, so the progress is seen.
    await page.route('**/assets/data/real-en-ja.tsv', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.locator(byTestId('task-picker')).selectOption('real-en-ja');
    const progress = await until(() => text(page, 'download-progress'), (t) => /Downloading the sentences of English → Japanese, real sentences/.test(t), 5_000, 'the download progress');
    console.log(`progress: ${progress}`);
    await until(() => text(page, 'model-origin'), (t) => /real sentences/.test(t) && /pretrained/.test(t), 30_000, 'the pretrained real-en-ja model');
    await waitForModel(page);
    const source = await text(page, 'data-source');
    assert.match(source, /Tanaka Corpus/);
    assert.match(source, /CC BY 2\.0 FR/);
    assert.equal(await page.locator(byTestId('download-progress')).count(), 0, 'the progress goes once the files are here');
    const fetched = requested.filter((url) => REAL_FILES.test(url)).map((url) => new URL(url).pathname.split('/').pop());
    assert.deepEqual(fetched.sort(), ['real-en-ja.ckpt', 'real-en-ja.tsv']);
    const about = page.locator(byTestId('about-data'));
    assert.match(await about.textContent(), /Tatoeba Mandarin–English sentences.*CC BY 2\.0 FR/s, 'About the data names every corpus');
    const bleu = await until(() => text(page, 'eval-summary'), (t) => /BLEU/.test(t), 60_000, 'a held-out evaluation');
    console.log(`evaluation: ${bleu}`);
  } finally {
    await context.close();
  }
});

test('the real English → Japanese model translates a held-out sentence, and an unknown word is read as <unk> and shown as typed', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=en&task=real-en-ja');
  try {
    await until(() => text(page, 'model-origin'), (t) => /real sentences/.test(t), 30_000, 'the real-en-ja model');
    await page.locator(byTestId('translate-input')).fill('Give it to me, please.');
    const output = await until(() => text(page, 'translate-output'), (t) => t.trim() !== '', 20_000, 'a translation');
    console.log(`give it to me, please. → ${output}`);
    assert.match(output, /[\u3040-\u30ff\u4e00-\u9fff]/, 'Japanese comes out');
    await page.locator(byTestId('translate-input')).fill('give the zyzzyva to me .');
    const unknown = await until(() => text(page, 'translate-unknown'), (t) => /zyzzyva/.test(t), 10_000, 'the unknown word, as typed');
    assert.match(unknown, /<unk>/);
    await until(() => text(page, 'translate-output'), (t) => t.trim() !== '', 20_000, 'a translation despite the unknown word');
    // The attention axes name the typed word too (lab_math::tokens::unknown_as_typed),
    // one token per column label: the model read <unk> there.
    const keys = await until(
      () => page.locator(`${byTestId('translate-attention')} .hm-col`).allTextContents().catch(() => []),
      (labels) => labels.includes('<unk>:zyzzyva'),
      10_000,
      'the typed word on the translation\'s attention axis',
    );
    assert.equal(keys.at(-1), '<eos>', 'the source axis ends with <eos>');
    assert.ok(!keys.includes('<unk>'), `no bare <unk> on the axis: ${keys.join(' ')}`);
    assert.equal(await page.locator(byTestId('error-message')).count(), 0, 'an unknown word is not an error on a real task');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('English → Chinese trains from scratch in the page: the steps count and the loss is a number', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=en&task=real-en-zh');
  try {
    await until(() => text(page, 'model-origin'), (t) => /Chinese, real sentences/.test(t), 30_000, 'the real-en-zh model');
    assert.match(await text(page, 'data-source'), /Tatoeba Mandarin–English sentences.*CC BY 2\.0 FR/);
    await page.locator(byTestId('train-reset')).click();
    await until(() => text(page, 'model-origin'), (t) => /from scratch/.test(t), 30_000, 'an untrained model');
    await waitForModel(page);
    for (let i = 0; i < 3; i += 1) {
      await page.locator(byTestId('train-step')).click();
      await until(() => stepCount(page), (n) => n === i + 1, 30_000, `step ${i + 1}`);
    }
    const loss = Number.parseFloat(await text(page, 'loss-value'));
    assert.ok(Number.isFinite(loss) && loss > 0, `the loss is a number: ${loss}`);
    // Training shares each step with the helper worker, which is handed the
    // sentences (it fetches nothing itself).
    await startTraining(page);
    const cores = page.locator(byTestId('cores'));
    await until(() => cores.getAttribute('data-cores'), (n) => n === '2', 30_000, 'steps shared with the helper worker');
    await pauseTraining(page);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('sentences that cannot be fetched give a clear message, and the current model keeps working', async () => {
  const { context, page } = await openLab(browser, '?lang=en&task=copy');
  try {
    await page.route('**/assets/data/real-en-zh.tsv', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.locator(byTestId('task-picker')).selectOption('real-en-zh');
    const message = await until(() => text(page, 'error-message'), (t) => /could not be loaded/.test(t), 10_000, 'the message');
    assert.match(message, /English → Chinese, real sentences/);
    assert.match(message, /404/);
    assert.match(await text(page, 'model-origin'), /Copy/, 'the copy model is still there');
    await page.locator(byTestId('train-step')).click();
    await until(() => stepCount(page), (n) => n >= 1, 30_000, 'a step of the model that stayed');
    assert.equal(await page.locator(byTestId('download-progress')).count(), 0);
  } finally {
    await context.close();
  }
});

test('a corpus cut short on its way is refused, and choosing the task again fetches it anew', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=en&task=copy');
  try {
    let requests = 0;
    let stated = null;
    await page.route('**/assets/data/real-en-zh.tsv', async (route) => {
      requests += 1;
      const response = await route.fetch();
      if (requests > 1) {
        await route.fulfill({ response });
        return;
      }
      // The first copy ends at a line end halfway: every line of it reads.
      const whole = (await response.body()).toString('utf8');
      stated = whole.match(/^# pairs: (\d+)$/m)[1];
      const half = whole.slice(0, whole.lastIndexOf('\n', whole.length / 2) + 1);
      await route.fulfill({ status: 200, contentType: 'text/tab-separated-values', body: half });
    });
    await page.locator(byTestId('task-picker')).selectOption('real-en-zh');
    const message = await until(() => text(page, 'error-message'), (t) => /could not be loaded/.test(t), 20_000, 'the message');
    assert.match(message, new RegExp(`states ${stated} pairs but holds`));
    assert.match(await text(page, 'model-origin'), /Copy/, 'the copy model is still there');
    await page.locator(`${byTestId('error-message')} .dismiss`).click();
    await page.locator(byTestId('task-picker')).selectOption('copy');
    await page.locator(byTestId('task-picker')).selectOption('real-en-zh');
    await until(() => text(page, 'model-origin'), (t) => /Chinese, real sentences/.test(t) && /pretrained/.test(t), 30_000, 'the pretrained real-en-zh model');
    assert.equal(requests, 2, 'the sentences were fetched again');
    assert.equal(await page.locator(byTestId('error-message')).count(), 0, 'no checkpoint error');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a learner sees the words the model reads, with their counts, searchable, and the known words nearest an unknown one', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=en&task=real-en-ja');
  try {
    await until(() => text(page, 'model-origin'), (t) => /real sentences/.test(t) && /pretrained/.test(t), 30_000, 'the real-en-ja model');
    const listed = () => page.locator(byTestId('vocab-word')).allTextContents().catch(() => []);
    const parse = (w) => {
      const [, word, count] = /^(\S+)\s+([\d,]+)$/.exec(w.trim());
      return [word, Number(count.replaceAll(',', ''))];
    };
    const words = (await until(listed, (w) => w.length >= 100, 10_000, 'the words listed')).map(parse);
    for (let i = 1; i < words.length; i += 1) {
      assert.ok(words[i - 1][1] >= words[i][1], `most frequent first: ${words[i - 1]} before ${words[i]}`);
    }
    assert.ok(words.every(([w, n]) => !w.startsWith('<') && n >= 2), 'no special token; each word seen at least twice');
    await page.locator(byTestId('vocab-search')).fill('dog');
    const found = (await until(listed, (w) => w.length > 0 && w.length < 20, 5_000, 'the search')).map(parse);
    assert.ok(found.every(([w]) => w.includes('dog')), found.join(' | '));
    assert.ok(found.some(([w]) => w === 'dog'), 'dog is a word it reads');
    await page.locator(byTestId('translate-input')).fill('i like dogz .');
    const near = await until(() => text(page, 'translate-nearest'), (t) => /dogz/.test(t), 10_000, 'the nearest known words');
    assert.match(near, /\bdog\b/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
