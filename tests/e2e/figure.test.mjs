// The model's figure (the paper's Figure 1, views/architecture): it is on
// the first screen with the probe's tokens, it follows the run's settings,
// and every box opens the view that shows it, set to show it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { byTestId, launch, openLab, pauseTraining, startTraining, stepCount, until } from './lab.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const BOX = byTestId('model-box');

/** Where each box leads: the view, the element in it, and the attention kind. */
function expected(name) {
  const kinds = { 'enc-self-attention': 'encoder', 'dec-self-attention': 'decoder', 'dec-cross-attention': 'cross' };
  if (kinds[name]) return { panel: 'attention', kind: kinds[name] };
  if (/(^|-)(add-norm|norm|add|final-norm)$/.test(name)) return { panel: 'compare', at: '[data-testid^=layer-diagram-]' };
  return {
    inputs: { panel: 'translate' },
    outputs: { panel: 'masks' },
    'input-embedding': { panel: 'pe', at: byTestId('pe-input') },
    'output-embedding': { panel: 'pe', at: `${byTestId('pe-input-decoder')}[open]` },
    pe: { panel: 'pe' },
    'enc-feed-forward': { panel: 'training', at: 'details.model-parts[open]' },
    'dec-feed-forward': { panel: 'training', at: 'details.model-parts[open]' },
    linear: { panel: 'translate', at: byTestId('decode-stepper') },
    softmax: { panel: 'translate', at: byTestId('decode-stepper') },
  }[name];
}

/** Whether `selector`'s first element has its top in the window. */
async function inSight(page, selector) {
  return page.locator(selector).first().evaluate((e) => {
    const top = e.getBoundingClientRect().top;
    return top >= -2 && top < window.innerHeight - 40;
  }).catch(() => false);
}

/** Clicks (or presses Enter on) a box and checks the view it opened. */
async function openAndCheck(page, box, how) {
  const name = await box.getAttribute('data-box');
  const layer = await box.getAttribute('data-layer');
  const want = expected(name);
  assert.ok(want, `the box ${name} leads somewhere the test knows`);
  // Its name for a screen reader: what it shows, then the view it opens.
  assert.ok((await box.locator('.visually-hidden').textContent())?.length > 5, `${name} says what it opens`);
  if (how === 'enter') {
    await box.focus();
    await page.keyboard.press('Enter');
  } else {
    await box.click();
  }
  let target = want.at ? `#${want.panel} ${want.at}` : `#${want.panel}`;
  if (want.kind) target = `#attention [data-testid=attention-grid] .attn-layer[data-layer="${layer}"]`;
  await until(() => inSight(page, target), (v) => v, 8_000, `${name} (layer ${layer}) to bring ${target} into sight`);
  if (want.kind) {
    assert.equal(await page.locator(`#attention ${byTestId('attention-kind')}`).inputValue(), want.kind, name);
    assert.equal(await page.locator('#attention .attn-layer[data-focused=true]').getAttribute('data-layer'), layer, name);
    assert.equal(await page.locator(byTestId('figure-layer')).inputValue(), layer, 'the figure shows the same layer');
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

test('every box of the figure, in every layer, opens the view that shows it', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=en');
  try {
    const figure = page.locator(byTestId('model-figure'));
    await until(() => figure.locator(`${BOX}[data-box=inputs] .fig-shape`).count(), (n) => n === 1, 20_000, 'the probe');
    const layers = await page.locator(`${byTestId('figure-layer')} option`).count();
    assert.ok(layers >= 1);
    const seen = new Set();
    const showLayer = async (layer) => {
      await page.locator(byTestId('figure-layer')).selectOption({ value: String(layer) });
      await figure.locator(`.fig-layer[data-layer="${layer}"]`).first().waitFor();
    };
    for (let layer = 0; layer < layers; layer += 1) {
      await showLayer(layer);
      const n = await figure.locator(BOX).count();
      for (let i = 0; i < n; i += 1) {
        const box = figure.locator(BOX).nth(i);
        const at = await box.getAttribute('data-layer');
        if (at !== null) assert.equal(at, String(layer), 'the boxes of the layer shown');
        seen.add(await box.getAttribute('data-box'));
        if (at !== null || layer === 0) await openAndCheck(page, box, i % 2 === 0 ? 'click' : 'enter');
        // The figure shows the layer walked still.
        await showLayer(layer);
      }
    }
    for (const name of ['inputs', 'input-embedding', 'pe', 'enc-self-attention', 'enc-add-norm', 'enc-feed-forward',
      'outputs', 'output-embedding', 'dec-self-attention', 'dec-cross-attention', 'dec-feed-forward', 'dec-add-norm',
      'linear', 'softmax']) {
      assert.ok(seen.has(name), `the paper's box ${name} is drawn`);
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the figure follows the settings: layers, heads, pre-norm, tied weights, no positional encoding', async () => {
  const link = '?lang=en&task=copy&seed=7&d_model=32&n_heads=2&n_layers=3&d_ff=64&norm=pre&tie=1&pe=0&start=scratch';
  const { context, page, errors } = await openLab(browser, link);
  try {
    const figure = page.locator(byTestId('model-figure'));
    await until(() => figure.locator(`${BOX}[data-box=inputs] .fig-shape`).count(), (n) => n === 1, 20_000, 'the probe');
    assert.equal(await page.locator(`${byTestId('figure-layer')} option`).count(), 3);
    assert.match(await figure.innerText(), /3×/);
    for (const name of ['enc-norm', 'enc-add', 'enc-final-norm', 'dec-norm', 'dec-add', 'dec-final-norm']) {
      assert.ok(await figure.locator(`${BOX}[data-box=${name}]`).count() >= 1, `pre-norm draws ${name}`);
    }
    assert.equal(await figure.locator(`${BOX}[data-box=enc-add-norm]`).count(), 0, 'no post-norm Add & Norm');
    // Each of them shows its own part of the stream once the probe comes:
    // a norm and a sum around each sub-layer of the layer drawn, and a
    // final norm per stack.
    const glimpses = (name) => figure.locator(`${BOX}[data-box=${name}] ${byTestId('glimpse')}`);
    for (const [name, count, words] of [
      ['enc-norm', 2, /LayerNorm\(x\) .*what the sub-layer reads/], ['enc-add', 2, /x \+ Sublayer\(LayerNorm\(x\)\)/],
      ['dec-norm', 3, /LayerNorm\(x\) /], ['dec-add', 3, /nothing normalises the sum/],
      ['enc-final-norm', 1, /encoder's last layer.*cross-attention reads/], ['dec-final-norm', 1, /decoder's last layer.*linear layer reads/],
    ]) {
      await until(() => glimpses(name).count(), (n) => n === count, 20_000, `${count} ${name} glimpses`);
      const title = await glimpses(name).last().getAttribute('title');
      assert.match(title, words, name);
      assert.match(title, /32 numbers/, `${name}: d_model = 32`);
    }
    assert.match(await figure.locator(`${BOX}[data-box=linear]`).innerText(), /§3\.4/, 'tied to the target embedding');
    for (const pe of await figure.locator(`${BOX}[data-box=pe]`).allInnerTexts()) assert.match(pe, /off/);
    const cross = await figure.locator(`${BOX}[data-box=dec-cross-attention]`).innerText();
    assert.match(cross, /h = 2, d_k = 16/);
    await figure.locator(`${BOX}[data-box=enc-norm]`).first().click();
    await until(() => inSight(page, `#compare ${byTestId('layer-diagram-pre')}`), (v) => v, 8_000, 'the pre-norm layer');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

for (const [width, height] of [[1366, 768], [390, 844]]) {
  test(`${width} × ${height}: a wire runs from the top of the encoder into the decoder's cross-attention, between the stacks`, async () => {
    const { context, page, errors } = await openLab(browser, '?lang=en', { viewport: { width, height } });
    try {
      const figure = page.locator(byTestId('model-figure'));
      await until(() => figure.locator(`${BOX}[data-box=outputs] .chip`).count(), (n) => n > 1, 20_000, 'the tokens');
      const cross = figure.locator(`${BOX}[data-box=dec-cross-attention]`);
      assert.match(await cross.innerText(), /Q from the decoder, K and V from the encoder's output/);
      const memory = figure.locator(byTestId('encoder-output'));
      assert.match(await memory.innerText(), /encoder/);
      assert.match(await memory.locator('.visually-hidden').textContent(), /cross-attention/);
      await until(() => figure.locator(`${byTestId('encoder-wire')} path`).count(), (n) => n === 2, 5_000, 'the wire');
      const geometry = await page.evaluate(() => {
        const box = (e) => e.getBoundingClientRect();
        const line = document.querySelector('.fig-wire-line');
        const length = line.getTotalLength();
        const start = line.getPointAtLength(0);
        const end = line.getPointAtLength(length);
        const svg = box(document.querySelector('.fig-wire'));
        const at = (p) => ({ x: svg.left + p.x, y: svg.top + p.y });
        const encoder = box(document.querySelector('.fig-stack.encoder'));
        const decoder = box(document.querySelector('.fig-stack.decoder'));
        // "M x,y H gap V y H x": the run down (or up) the gap.
        const gap = Number(line.getAttribute('d').match(/H(-?[\d.]+)/)[1]);
        return {
          start: at(start), end: at(end),
          memory: box(document.querySelector('[data-testid=encoder-output]')),
          cross: box(document.querySelector('[data-box=dec-cross-attention]')),
          tip: at(document.querySelector('.fig-wire-head').getPointAtLength(0)),
          encoderRight: encoder.right, decoderLeft: decoder.left,
          vertical: at({ x: gap, y: 0 }),
        };
      });
      const g = geometry;
      const near = (a, b) => Math.abs(a - b) <= 1.5;
      assert.ok(near(g.start.x, g.memory.right) && g.start.y > g.memory.top && g.start.y < g.memory.bottom, `leaves the encoder's output ${JSON.stringify(g)}`);
      assert.ok(near(g.tip.x + 1, g.cross.left) && g.tip.y > g.cross.top && g.tip.y < g.cross.bottom, `ends at the cross-attention box ${JSON.stringify(g)}`);
      assert.ok(g.vertical.x >= g.encoderRight - 1 && g.vertical.x <= g.decoderLeft + 1, `runs between the stacks ${JSON.stringify(g)}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('Save SVG and Save PNG download the figure: the SVG names every box shown, with the probe\'s tokens', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=ja');
  try {
    const figure = page.locator(byTestId('model-figure'));
    await until(() => figure.locator(`${BOX}[data-box=outputs] .chip`).count(), (n) => n > 1, 20_000, 'the tokens');
    const download = async (id) => {
      const [file] = await Promise.all([page.waitForEvent('download'), figure.locator(`.fig-head ${byTestId(id)}`).click()]);
      return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
    };
    const svg = await download('export-svg');
    assert.equal(svg.name, 'model-figure.svg');
    const text = svg.bytes.toString('utf8');
    assert.match(text, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const shown = await figure.locator(BOX).evaluateAll((els) => els.map((e) => e.dataset.box));
    for (const name of shown) assert.ok(text.includes(`data-box="${name}"`), `the SVG names ${name}`);
    for (const token of await figure.locator(`${BOX}[data-box=outputs] .chip`).allInnerTexts()) {
      assert.ok(text.includes(token.replace('<', '&lt;').replace('>', '&gt;')), `the token ${token}`);
    }
    assert.match(text, /エンコーダ/, 'in the page\'s language');
    const png = await download('export-png');
    assert.equal(png.name, 'model-figure.png');
    assert.equal(png.bytes.subarray(1, 4).toString('latin1'), 'PNG');
    assert.ok(png.bytes.length > 10_000, `${png.bytes.length} bytes`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('an Add & Norm box opens the compare view on the norm comparison, whichever comparison it showed', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=en');
  try {
    const figure = page.locator(byTestId('model-figure'));
    await until(() => figure.locator(`${BOX}[data-box=inputs] .fig-shape`).count(), (n) => n === 1, 20_000, 'the probe');
    const axis = page.locator(`#compare ${byTestId('compare-axis')}`);
    await axis.selectOption({ value: 'n_heads' });
    await until(() => page.locator(`#compare ${byTestId('layer-diagram-post')}`).count(), (n) => n === 0, 5_000, 'another comparison');
    await page.evaluate(() => window.scrollTo(0, 0));
    await figure.locator(`${BOX}[data-box=dec-add-norm]`).first().click();
    await until(() => inSight(page, `#compare ${byTestId('layer-diagram-post')}`), (v) => v, 8_000, 'the post-norm layer');
    assert.equal(await axis.inputValue(), 'norm', 'the picker says which comparison is shown');
    assert.equal(await page.locator(`#compare ${byTestId('layer-diagram-pre')}`).count(), 1, 'both placements side by side');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

for (const lang of ['en', 'ja', 'zh-Hans', 'zh-Hant']) {
  for (const [width, height] of [[1366, 768], [390, 844]]) {
    test(`${lang}, ${width} × ${height}: the first screen shows the run bar and the figure with the probe's tokens`, async () => {
      const { context, page, errors } = await openLab(browser, `?lang=${lang}`, { viewport: { width, height } });
      try {
        const figure = page.locator(byTestId('model-figure'));
        await until(() => figure.locator(`${BOX}[data-box=outputs] .chip`).count(), (n) => n > 1, 20_000, 'the tokens');
        assert.equal(await page.locator(byTestId('run-bar')).count(), 1);
        // The run bar's Train button: on a phone the bar sits over the page's bottom.
        const bar = await page.locator(byTestId('train-toggle')).boundingBox();
        const box = await figure.boundingBox();
        assert.ok(bar && box, 'both drawn');
        const bottom = bar.y > box.y ? bar.y : height;
        assert.ok(box.y >= 0 && box.y + box.height <= bottom + 1,
          `the figure (${box.y}..${box.y + box.height}) fits the first screen above ${bottom}`);
        for (const name of ['inputs', 'outputs', 'softmax']) {
          assert.ok(await figure.locator(`${BOX}[data-box=${name}]`).isVisible(), name);
        }
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
}

// Each attention box, the encoder's positional encoding and the softmax show
// a live glimpse of what they compute for the probe sentence, and the
// attention maps and the softmax's first choices follow training.
test('the figure\'s boxes show live glimpses that change as the model trains', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=en');
  try {
    const figure = page.locator(byTestId('model-figure'));
    const glimpse = (name) => figure.locator(`${BOX}[data-box=${name}] ${byTestId('glimpse')}`).first();
    for (const name of ['enc-self-attention', 'dec-self-attention', 'dec-cross-attention', 'softmax']) {
      await glimpse(name).waitFor({ timeout: 20_000 });
    }
    // Each stack's embedding and positional encoding.
    for (const stack of ['encoder', 'decoder']) {
      assert.equal(await figure.locator(`.fig-stack.${stack} ${BOX}[data-box=pe] ${byTestId('glimpse')}`).count(), 1, `${stack} PE`);
    }
    for (const name of ['input-embedding', 'output-embedding']) await glimpse(name).waitFor({ timeout: 5_000 });
    // A map is drawn, one pixel per cell: [queries, keys] for cross-attention.
    const pixels = (name) => glimpse(name).evaluate((c) => {
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      return { width: c.width, height: c.height, painted: data.some((v, i) => i % 4 === 3 && v > 0), url: c.toDataURL() };
    });
    const src = await figure.locator(`${BOX}[data-box=inputs] .chip`).count();
    const tgt = await figure.locator(`${BOX}[data-box=outputs] .chip`).count();
    const cross = await until(() => pixels('dec-cross-attention'), (p) => p.painted, 10_000, 'the cross-attention glimpse drawn');
    assert.deepEqual([cross.height, cross.width], [tgt, src], 'rows are the decoder\'s queries, columns the source keys');
    // The decoder's positional encoding: a row per decoder input, a column per dimension.
    const decoderPe = await figure.locator(`.fig-stack.decoder ${BOX}[data-box=pe] ${byTestId('glimpse')}`).evaluate((c) => [c.height, c.width]);
    const inputPe = await figure.locator(`.fig-stack.encoder ${BOX}[data-box=pe] ${byTestId('glimpse')}`).evaluate((c) => [c.height, c.width]);
    assert.deepEqual([decoderPe[0], inputPe[0]], [tgt, src], 'a row per token of each stack');
    assert.equal(decoderPe[1], inputPe[1], 'd_model columns in both');
    // Each feed-forward box: its hidden layer, a row per token of its stack,
    // a column per unit (d_ff, as its label says), in every layer.
    const dff = Number((await figure.locator(`${BOX}[data-box=enc-feed-forward]`).first().innerText()).match(/d_ff = (\d+)/)[1]);
    const layers = await figure.locator(`${BOX}[data-box=enc-self-attention]`).count();
    for (const [name, rows] of [['enc-feed-forward', src], ['dec-feed-forward', tgt]]) {
      const maps = figure.locator(`${BOX}[data-box=${name}] ${byTestId('glimpse')}`);
      await until(() => maps.count(), (n) => n === layers, 10_000, `a ${name} glimpse per layer`);
      for (let l = 0; l < layers; l++) {
        const map = await maps.nth(l).evaluate((c) => ({ size: [c.height, c.width], title: c.title }));
        // Wider than 80 columns, each drawn column is the largest of a run of units.
        const run = Number(map.title.match(/one column for every (\d+) neighbouring columns/)?.[1] ?? 1);
        assert.ok(dff > 80 ? run > 1 : run === 1, `${name} ${l}: ${dff} units in runs of ${run}`);
        assert.deepEqual(map.size, [rows, Math.ceil(dff / run)], `${name} ${l}: a row per token, a column per hidden unit or run of units`);
        assert.match(map.title, /hidden units after the ReLU.*; \d+% of the cells are exactly 0/, `${name} ${l}`);
      }
    }
    // Each Add & Norm box: the stream it hands on, a row per token of its
    // stack, a column per dimension: two per encoder layer, three per decoder layer.
    for (const [name, rows, perLayer] of [['enc-add-norm', src, 2], ['dec-add-norm', tgt, 3]]) {
      const maps = figure.locator(`${BOX}[data-box=${name}] ${byTestId('glimpse')}`);
      await until(() => maps.count(), (n) => n === perLayer * layers, 10_000, `a ${name} glimpse per sub-layer`);
      for (let i = 0; i < perLayer * layers; i++) {
        const map = await maps.nth(i).evaluate((c) => ({ size: [c.height, c.width], title: c.title }));
        assert.deepEqual(map.size, [rows, inputPe[1]], `${name} ${i}: a row per token, a column per dimension`);
        assert.match(map.title, /LayerNorm\(x \+ Sublayer\(x\)\).*mean 0 and variance 1/, `${name} ${i}`);
      }
    }
    // The linear layer: the logits, a row per decoder position, a column
    // per token of the target vocabulary (as its shape says).
    const vocab = Number((await figure.locator(`${BOX}[data-box=linear] .fig-shape`).innerText()).match(/(\d+)\]/)[1]);
    const logits = await glimpse('linear').evaluate((c) => ({ size: [c.height, c.width], title: c.title }));
    assert.ok(vocab <= 80, 'the default task\'s logits are drawn column by column');
    assert.deepEqual(logits.size, [tgt, vocab], 'a row per position, a column per token of the vocabulary');
    assert.doesNotMatch(logits.title, /neighbouring columns/);
    assert.match(logits.title, new RegExp(`at each position of the decoder's input \\(a row\\), a logit, .* for each of the ${vocab} tokens`));
    const picks = await glimpse('softmax').locator('.chip').count();
    assert.ok(picks >= 1 && picks <= 3, `the softmax names its first choices (${picks})`);
    // From scratch, then trained: the maps change with the model. The
    // untrained model's glimpses are read once they differ from the
    // shipped model's, at step 0, so that training, not Reset, changes them.
    const shipped = await pixels('enc-self-attention');
    const shippedEmbedding = await pixels('output-embedding');
    await page.locator(byTestId('train-reset')).click();
    await until(() => stepCount(page), (n) => n === 0, 20_000, 'step 0');
    const before = await until(() => pixels('enc-self-attention'), (p) => p.painted && p.url !== shipped.url, 20_000, 'the untrained model\'s glimpse');
    const embedding = await until(() => pixels('output-embedding'), (p) => p.painted && p.url !== shippedEmbedding.url, 20_000, 'the untrained embedding');
    await startTraining(page);
    await until(() => pixels('enc-self-attention'), (p) => p.url !== before.url, 30_000, 'the glimpse to follow training');
    await until(() => pixels('output-embedding'), (p) => p.url !== embedding.url, 30_000, 'the learned embedding to follow training');
    await pauseTraining(page);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

// Beside each view, the figure as a small map: the boxes whose click opens
// the view are lit in it (and the boxes of what the view shows inside them),
// and a press takes the reader back to the figure.
test('beside each view a small map lights the boxes it is about, and takes the reader to the figure', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=en');
  try {
    await page.locator(`#pe ${byTestId('minimap')}`).waitFor({ timeout: 20_000 });
    const names = await page.locator(`${byTestId('model-figure')} ${BOX}`).evaluateAll((boxes) => [...new Set(boxes.map((b) => b.dataset.box))]);
    const opening = (panel) => names.filter((n) => expected(n)?.panel === panel).sort();
    const lit = async (panel) => [...new Set(await page.locator(`#${panel} ${byTestId('minimap')} .mini-box.lit`).evaluateAll((r) => r.map((e) => e.dataset.box)))].sort();
    for (const panel of ['pe', 'attention', 'translate']) {
      assert.ok(opening(panel).length > 0, panel);
      assert.deepEqual(await lit(panel), opening(panel), `${panel}: the boxes that open it are lit`);
    }
    // The masks act inside every attention box.
    const masks = [...new Set([...opening('masks'), ...opening('attention')])].sort();
    assert.deepEqual(await lit('masks'), masks, 'masks: its boxes and every attention box');
    // The compare view lights what its setting changes: the norm boxes its
    // click opens it on, then the softmax for label smoothing.
    assert.deepEqual(await lit('compare'), opening('compare'), 'compare: the norm boxes');
    await page.locator(`#compare ${byTestId('compare-axis')}`).selectOption({ value: 'label_smoothing' });
    await until(() => lit('compare'), (l) => l.join() === 'softmax', 5_000, 'compare on label smoothing: the softmax lit');
    for (const panel of ['noam', 'training']) {
      assert.equal(await page.locator(`#${panel} ${byTestId('minimap')}`).count(), 0, `${panel} is every weight's: no map`);
    }
    await page.locator(`#translate ${byTestId('minimap')}`).scrollIntoViewIfNeeded();
    assert.equal(await inSight(page, byTestId('model-figure')), false);
    await page.locator(`#translate ${byTestId('minimap')}`).click();
    await until(() => inSight(page, byTestId('model-figure')), Boolean, 5_000, 'the figure in sight');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
