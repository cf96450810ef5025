// End-to-end tests of the "show the working" views: inside one head (β),
// greedy decoding step by step with and without the KV cache, and a compare run.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { byTestId, canvasColours, launch, openLab, until, waitForModel, withLab as sharedWithLab } from './lab.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const withLab = (body) => sharedWithLab(browser, body);

const number = async (page, id) => Number.parseFloat((await page.locator(byTestId(id)).innerText()).replace(/\s/g, ''));

test('inside one head: β = 0 spreads the weight evenly, the hard end is one-hot', () => withLab(async ({ page, errors }) => {
  const view = page.locator(byTestId('head-view'));
  await view.scrollIntoViewIfNeeded();
  // Encoder self-attention on the probe: every key is visible, so β = 0 gives log2(keys) bits.
  await page.locator(byTestId('head-kind')).selectOption('encoder');
  const keys = await until(() => view.locator(`${byTestId('head-stages')} thead th[scope="col"]`).count(), (n) => n > 2, 10_000, 'the stages table');
  const beta = page.locator(byTestId('head-beta'));
  await beta.fill('0');
  const uniform = await until(() => number(page, 'head-entropy'), (h) => Math.abs(h - Math.log2(keys)) < 1e-3, 5_000, `log2(${keys}) bits at β = 0`);
  await beta.fill(await beta.getAttribute('max'));
  const hard = await until(() => number(page, 'head-entropy'), (h) => h === 0, 5_000, '0 bits at β = ∞');
  assert.ok(uniform > hard);
  assert.match(await view.innerText(), /β = ∞/);
  // The masked kind shows −∞ for a hidden key.
  await page.locator(byTestId('head-kind')).selectOption('decoder');
  await until(() => view.locator(byTestId('head-stages')).innerText(), (t) => t.includes('−∞'), 10_000, 'a hidden key shown as −∞');
  assert.deepEqual(errors, []);
}));

/** Steps through the whole decode; returns each step's multiply-adds. */
async function stepThrough(page) {
  const total = await until(async () => Number((await page.locator(byTestId('decode-step')).innerText()).split('/')[1]), (n) => n > 1, 10_000, 'a decode');
  const ops = [];
  for (let t = 1; t <= total; t += 1) {
    await until(() => page.locator(byTestId('decode-step')).innerText(), (s) => s.trim() === `${t} / ${total}`, 5_000, `step ${t}`);
    assert.equal(await page.locator(`${byTestId('decode-topk')} li`).count(), 5, 'five candidates');
    ops.push(await number(page, 'decode-ops'));
    if (t < total) await page.locator(byTestId('decode-next')).click();
  }
  assert.ok(await page.locator(byTestId('decode-next')).isDisabled(), 'no step after the last');
  return ops;
}

test('greedy decoding step by step, with and without the KV cache', () => withLab(async ({ page, errors }) => {
  await page.locator(byTestId('translate-input')).fill('the big dog sees a small cat');
  await until(() => page.locator(byTestId('translate-output')).innerText(), (t) => t.trim().length > 0, 10_000, 'a translation');
  assert.ok(await page.locator(byTestId('decode-cache')).isChecked(), 'the cache is on by default');
  const cached = await stepThrough(page);
  await page.locator(byTestId('decode-cache')).uncheck();
  await until(() => page.locator(byTestId('decode-step')).innerText(), (s) => s.startsWith('1 /'), 10_000, 'the decode again, without the cache');
  const full = await stepThrough(page);
  assert.equal(full.length, cached.length, 'the same tokens either way');
  assert.equal(full[0], cached[0], 'step 1 has nothing to reuse');
  for (let t = 1; t < full.length; t += 1) assert.ok(full[t] > cached[t], `step ${t + 1}: ${full[t]} > ${cached[t]}`);
  assert.deepEqual(errors, []);
}));

/** Types `value` into a number input and commits it, as leaving the field does. */
async function commit(page, id, value) {
  const input = page.locator(byTestId(id));
  await input.fill(value);
  await input.dispatchEvent('change');
}

/** Waits until the step-through shows the answer to the last request. */
const settled = (page) => page.locator(`${byTestId('decode-stepper')}[data-pending="false"]`).waitFor({ timeout: 10_000 });

/** The beam-hyp children of the tree at the step shown: `{ score, alive }` each. */
const hypotheses = (page) => page.locator(`${byTestId('beam-tree')} ${byTestId('beam-hyp')}`).evaluateAll(
  (els) => els.map((el) => ({ score: Number(el.dataset.score), alive: el.dataset.alive })),
);

test('beam search and sampling in the step-through: the tree, its scores, beam size 1 and a seeded sample', () => withLab(async ({ page, errors }) => {
  await page.locator(byTestId('translate-input')).fill('the big dog sees a small cat');
  const output = () => page.locator(byTestId('translate-output')).innerText();
  const greedy = await until(output, (t) => t.trim().length > 0, 10_000, 'a greedy translation');
  await page.locator(byTestId('decode-strategy')).selectOption('beam');
  await page.locator(byTestId('beam-tree')).waitFor();
  assert.equal(await page.locator(byTestId('beam-size')).inputValue(), '4', "the paper's beam size");
  assert.equal(await page.locator(byTestId('beam-alpha')).inputValue(), '0.6', "the paper's α");
  // Step 1 extends <bos> alone: its 4 best tokens fill the 4 slots.
  const first = await hypotheses(page);
  assert.equal(first.length, 4);
  assert.ok(first.every((h) => h.alive === 'true' && Number.isFinite(h.score) && h.score <= 0), JSON.stringify(first));
  // Step 2 extends every row that went on; at most 4 survive, the rest are dropped.
  await page.locator(byTestId('decode-next')).click();
  const second = await until(() => hypotheses(page), (hs) => hs.length > 4, 5_000, 'step 2 of the search');
  const alive = second.filter((h) => h.alive === 'true');
  assert.ok(alive.length >= 1 && alive.length <= 4, JSON.stringify(second));
  assert.ok(second.some((h) => h.alive === 'false'), 'some extensions are dropped');
  assert.match(await page.locator(byTestId('beam-cache')).innerText(), /←/);
  // Beam size 1 is greedy decoding: one survivor a step, and greedy's output.
  await commit(page, 'beam-size', '1');
  await until(() => hypotheses(page), (hs) => hs.length === 1, 10_000, 'a beam of one');
  assert.equal(await until(output, (t) => t === greedy, 10_000, "greedy's translation"), greedy);
  // A size past the limit is refused in words, and the last search stays.
  await commit(page, 'beam-size', '99');
  await page.locator(byTestId('decode-strategy-error')).waitFor();
  assert.equal((await hypotheses(page)).length, 1);
  // Held-out BLEU of greedy and this beam, on the same model.
  await commit(page, 'beam-size', '4');
  await until(() => hypotheses(page), (hs) => hs.length === 4, 10_000, 'the beam of 4 again');
  await page.locator(byTestId('decode-compare')).click();
  const compared = await until(() => page.locator(byTestId('decode-compare-result')).innerText(), (t) => /BLEU.*\d.*BLEU.*\d/.test(t), 60_000, 'the BLEU comparison');
  assert.match(compared, /held-out sentences/);
  // Sampling: the same seed draws the same translation; no tree.
  await page.locator(byTestId('decode-strategy')).selectOption('sample');
  await until(() => page.locator(byTestId('beam-tree')).count(), (n) => n === 0, 10_000, 'no tree when sampling');
  await commit(page, 'sample-temperature', '2');
  await commit(page, 'sample-seed', '3');
  await settled(page);
  const drawn = await output();
  await commit(page, 'sample-seed', '4');
  await settled(page);
  await commit(page, 'sample-seed', '3');
  await settled(page);
  assert.equal(await output(), drawn, 'seed 3 again draws the same');
  assert.match(await page.locator('.decode-stepper').innerText(), /left to draw from/);
  assert.deepEqual(errors, []);
}));

test('a link opens the step-through on beam search with its size, and carries it on', async () => {
  const { context, page, errors } = await openLab(browser,
    '?lang=en&task=en-ja&view=translate&text=the%20big%20dog%20sees%20a%20small%20cat&decode=beam&beam=2&alpha=0.6');
  try {
    assert.equal(await page.locator(byTestId('decode-strategy')).inputValue(), 'beam');
    assert.equal(await page.locator(byTestId('beam-size')).inputValue(), '2');
    await until(() => hypotheses(page), (hs) => hs.length === 2, 20_000, "step 1's two survivors");
    // The page holds a linked view in sight while it fills in (share.rs,
    // HOLD_LINKED_VIEW_MS): a pointer click scrolled to the menu can land
    // where the hold has scrolled back to, so the button gets its click event.
    await page.locator(byTestId('copy-link')).dispatchEvent('click');
    await page.locator(byTestId('copy-link-url')).waitFor({ timeout: 5_000 });
    const shared = await until(() => page.locator(byTestId('copy-link-url')).inputValue(), (u) => u.includes('decode='), 5_000, 'the shared link');
    assert.match(shared, /decode=beam&beam=2&alpha=0\.6/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("the PE view shows how a word enters layer 1 of each stack: the model's embedding × √d_model + PE", () => withLab(async ({ page, errors }) => {
  // The encoder's table is open; the decoder's is folded under it.
  await page.locator(`${byTestId('pe-input-decoder')} summary`).click();
  for (const [id, first] of [['pe-input', /^0: the$/], ['pe-input-decoder', /^0: <bos>$/]]) {
    const table = page.locator(byTestId(`${id}-table`));
    await table.scrollIntoViewIfNeeded();
    await table.waitFor();
    const rows = async () => table.locator('tbody tr').evaluateAll((trs) => trs.map(
      (tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent)),
    ));
    const picker = page.locator(byTestId(`${id}-token`));
    assert.match((await picker.locator('option').first().innerText()).trim(), first, `${id}: its first token`);
    const sqrt = Math.sqrt(Number((await page.locator(byTestId(id)).innerText()).match(/\(d_model = (\d+)/)[1]));
    await picker.selectOption('2');
    await until(() => table.locator('thead').innerText(), (t) => /position 2/.test(t), 5_000, `${id}: the token at position 2`);
    const [e, scaled, pe, sum] = await rows();
    // The shown dimensions (the last cell is each row's RMS): PE(2, 0) = sin 2, PE(2, 1) = cos 2.
    assert.ok(Math.abs(pe[0] - Math.sin(2)) < 2e-3 && Math.abs(pe[1] - Math.cos(2)) < 2e-3, `${id}: ${JSON.stringify(pe)}`);
    for (let k = 0; k < e.length - 1; k += 1) {
      assert.ok(Math.abs(scaled[k] - e[k] * sqrt) < 0.01, `${id}, dim ${k}: ${scaled[k]} = ${e[k]} × ${sqrt}`);
      assert.ok(Math.abs(sum[k] - (scaled[k] + pe[k])) < 2e-3, `${id}, dim ${k}: ${sum[k]} = ${scaled[k]} + ${pe[k]}`);
    }
  }
  assert.deepEqual(errors, []);
}));

test('compare mode trains two runs at once and overlays their curves', () => withLab(async ({ page, errors }) => {
  await page.locator(byTestId('compare-start')).click();
  const stepOf = async (id) => Number((/step (\d+)/.exec(await page.locator(byTestId(id)).innerText()) ?? [0, 0])[1]);
  await until(() => stepOf('compare-status-a'), (n) => n >= 5, 30_000, 'run A to train');
  await until(() => stepOf('compare-status-b'), (n) => n >= 5, 30_000, 'run B to train');
  await until(() => canvasColours(page, 'compare-chart'), (n) => n > 3, 5_000, 'both curves drawn');
  assert.match(await page.locator(byTestId('compare-view')).innerText(), /paper/);
  await page.locator(byTestId('compare-stop')).click();
  assert.deepEqual(errors, []);
}));

test('positional encoding can be turned off and weights tied: the toggles, a link and Compare agree', () => withLab(async ({ page, errors }) => {
  const toggle = page.locator(byTestId('pe-toggle'));
  assert.equal(await toggle.isChecked(), true, 'on by default, as in the paper');
  const tie = page.locator(byTestId('setting-tie'));
  assert.equal(await tie.isChecked(), false, 'untied by default');
  await toggle.uncheck();
  await tie.check();
  await page.locator(byTestId('settings-apply')).click();
  await waitForModel(page);
  await page.locator(byTestId('copy-link')).click();
  const link = new URL(await page.locator(byTestId('copy-link-url')).inputValue());
  assert.equal(link.searchParams.get('pe'), '0', 'the running model has no positional encoding');
  assert.equal(link.searchParams.get('tie'), '1', 'and ties its output to the target embedding');
  // The link opens with the toggle off.
  const again = await page.context().newPage();
  await again.goto(link.href);
  await waitForModel(again);
  assert.equal(await again.locator(byTestId('pe-toggle')).isChecked(), false);
  assert.equal(await again.locator(byTestId('setting-tie')).isChecked(), true);
  await again.close();
  // Compare shows the formulas of the setting it compares, and trains one run without PE.
  const formulas = page.locator(byTestId('compare-formulas'));
  assert.equal(await formulas.locator(byTestId('formula-post-norm')).count(), 1);
  // Beside the norm formulas, one layer of each: pre-norm has one more LayerNorm, at the end.
  assert.equal(await page.locator(`${byTestId('layer-diagram-post')} .layer-step`).count(), 9);
  assert.equal(await page.locator(`${byTestId('layer-diagram-pre')} .layer-step`).count(), 10);
  assert.equal(await page.locator(`${byTestId('layer-diagram-pre')} .layer-step.drops`).count(), 5, 'dropout sites');
  await page.locator(byTestId('compare-axis')).selectOption('positional_encoding');
  assert.equal(await page.locator(byTestId('layer-diagram-pre')).count(), 0, 'only beside the norm formulas');
  await until(() => formulas.locator(byTestId('formula-positional')).count(), (n) => n === 1, 5_000, 'the PE formula');
  assert.equal(await formulas.locator(byTestId('formula-post-norm')).count(), 0);
  await page.locator(byTestId('compare-start')).click();
  const stepOf = async (id) => Number((/step (\d+)/.exec(await page.locator(byTestId(id)).innerText()) ?? [0, 0])[1]);
  await until(() => stepOf('compare-status-b'), (n) => n >= 3, 30_000, 'run B, without PE, to train');
  assert.match(await page.locator(byTestId('compare-view')).innerText(), /without positional encoding/);
  await page.locator(byTestId('compare-stop')).click();
  assert.deepEqual(errors, []);
}));
