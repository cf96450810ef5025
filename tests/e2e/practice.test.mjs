// Predict, then reveal: a question answered wrong and then right, its
// feedback, the progress the guide counts, kept over a reload, and reset.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { byTestId, launch, openLab, until, waitForModel } from './lab.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const question = (page, id) => page.locator(`${byTestId('question')}[data-question="${id}"]`);

/** Types `value` into question `id`, submits it and returns its feedback. */
async function answer(page, id, value) {
  const q = question(page, id);
  await q.scrollIntoViewIfNeeded();
  await q.locator(`${byTestId('question-submit')}:not([disabled])`).waitFor({ timeout: 20_000 });
  await q.locator(byTestId('question-answer')).fill(value);
  await q.locator(byTestId('question-submit')).click();
  const feedback = q.locator(byTestId('question-feedback'));
  await feedback.waitFor();
  return { correct: await feedback.getAttribute('data-correct'), text: await feedback.textContent() };
}

const progress = (page) => page.locator(byTestId('practice-progress')).textContent();

test('a question answered wrong, then right; the guide counts it, a reload keeps it, reset clears it', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=en');
  try {
    assert.ok(await page.locator(byTestId('question')).count() >= 6, 'a question beside six views');
    assert.match(await progress(page), /^0 \/ \d+$/);
    // The Noam peak is the warm-up step of the run's own settings (the toy preset's 400… or whatever it has).
    const prompt = await question(page, 'noam-peak').textContent();
    const warmup = Number(prompt.match(/warm-up = (\d+)/)[1]);
    const wrong = await answer(page, 'noam-peak', String(warmup + 1));
    assert.equal(wrong.correct, 'false');
    assert.match(wrong.text, new RegExp(`the answer is ${warmup}`));
    assert.match(await progress(page), /^0 \//, 'a wrong answer does not count');
    const right = await answer(page, 'noam-peak', String(warmup));
    assert.equal(right.correct, 'true');
    // The causal mask hides n(n − 1)/2 cells of the decoder's n positions.
    const n = Number((await question(page, 'hidden-cells').textContent()).match(/reads (\d+) positions/)[1]);
    assert.equal((await answer(page, 'hidden-cells', String((n * (n - 1)) / 2))).correct, 'true');
    // Two decimals are enough for the entropy: log2 of the keys.
    const keys = Number((await question(page, 'uniform-entropy').textContent()).match(/has (\d+) keys/)[1]);
    assert.equal((await answer(page, 'uniform-entropy', Math.log2(keys).toFixed(2))).correct, 'true');
    assert.match(await progress(page), /^3 \//);
    // Each section counts its own: the masks view asks one question, the Noam view one.
    const section = (id) => page.locator(`${byTestId('practice-sections')} [data-section="${id}"] .practice-section-count`).textContent();
    assert.equal(await section('masks'), '1 / 1');
    assert.equal(await section('noam'), '1 / 1');
    assert.match(await section('pe'), /^0 \/ [1-9]/);
    await page.reload();
    await waitForModel(page);
    assert.match(await progress(page), /^3 \//, 'kept in the browser');
    await page.locator('details.guide summary').click();
    await page.locator(byTestId('practice-reset')).click();
    await until(() => progress(page), (t) => t.startsWith('0 /'), 5_000, 'reset');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the questions are asked in every language', async () => {
  for (const lang of ['ja', 'zh-Hans', 'zh-Hant']) {
    const { context, page, errors } = await openLab(browser, `?lang=${lang}`);
    try {
      const q = question(page, 'crossover');
      await q.locator(`${byTestId('question-submit')}:not([disabled])`).waitFor({ timeout: 20_000 });
      const text = await q.textContent();
      assert.doesNotMatch(text, /practice-/, `${lang}: a message id is showing`);
      const d = Number(text.match(/d = (\d+)/)[1]);
      assert.equal((await answer(page, 'crossover', String(d))).correct, 'true', lang);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});

/** Chooses `label` in choice question `id`, submits it and returns its feedback. */
async function choose(page, id, label) {
  const q = question(page, id);
  await q.scrollIntoViewIfNeeded();
  await q.locator(`${byTestId('question-submit')}:not([disabled])`).waitFor({ timeout: 20_000 });
  await q.locator(byTestId('question-answer')).selectOption({ label });
  await q.locator(byTestId('question-submit')).click();
  const feedback = q.locator(byTestId('question-feedback'));
  await feedback.waitFor();
  return { correct: await feedback.getAttribute('data-correct'), text: await feedback.textContent() };
}

test('without PE, a moved word enters layer 1 as the same vector', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=en&task=reverse&pe=0&start=scratch');
  try {
    assert.match(await question(page, 'same-vector').textContent(), /positional encoding off\)/);
    assert.equal((await choose(page, 'same-vector', 'the same vector')).correct, 'true');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('choice questions: the answer the feedback names is the one accepted', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=en');
  try {
    await page.locator(byTestId('translate-input')).fill('the big dog sees a small cat');
    await until(() => page.locator(byTestId('translate-output')).textContent(), (t) => t.trim().length > 0, 10_000, 'a translation');
    // Dimension 0 turns a full radian per position: the fastest of 0, d/2 and d − 1.
    assert.equal((await choose(page, 'pe-fastest', '0')).correct, 'true');
    // With PE (the pretrained run), a word moved to another position enters layer 1 as another vector,
    // and the prompt says PE is on.
    assert.match(await question(page, 'same-vector').textContent(), /positional encoding on\)/);
    assert.equal((await choose(page, 'same-vector', 'a different vector')).correct, 'true');
    for (const id of ['cross-argmax', 'score-argmax', 'next-token']) {
      const q = question(page, id);
      await q.scrollIntoViewIfNeeded();
      await q.locator(`${byTestId('question-submit')}:not([disabled])`).waitFor({ timeout: 20_000 });
      const options = (await q.locator(`${byTestId('question-answer')} option`).allTextContents()).slice(1);
      assert.ok(options.length >= 2, `${id}: ${options}`);
      const first = await choose(page, id, options[0]);
      if (first.correct === 'false') {
        const named = first.text.match(/the answer is (.+?)\.\s/)[1];
        assert.ok(options.includes(named), `${id}: the named answer ${named} is a choice`);
        assert.equal((await choose(page, id, named)).correct, 'true', id);
      }
    }
    // The KV cache's saving: a wrong guess names the answer, which is then accepted (within 1%).
    const wrong = await answer(page, 'cache-saving', '1');
    assert.equal(wrong.correct, 'false');
    const saved = Number(wrong.text.match(/the answer is (\d+)\./)[1]);
    assert.ok(saved > 0, wrong.text);
    assert.equal((await answer(page, 'cache-saving', String(Math.round(saved * 1.005)))).correct, 'true', 'within 1%');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
