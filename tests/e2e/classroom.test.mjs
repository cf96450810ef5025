// End-to-end tests of "classroom and self-study": four languages, deep links,
// presentation mode, export, and an accessibility audit of every view.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE_URL, byTestId, launch, openLab, seriousAxeViolations, stepCount, until, waitForModel } from './lab.mjs';


let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function withPage(query, body, options = {}) {
  const lab = await openLab(browser, query, options);
  try {
    await body(lab);
  } finally {
    await lab.context.close();
  }
}

const LOCALES = ['en', 'ja', 'zh-Hans', 'zh-Hant'];

/**
 * Latin words that may stay on a CJK page: the names and symbols the
 * glossary of that language keeps in Latin letters (read from its glossary.ftl),
 * and math names and units.
 */
function latinAllowed(locale) {
  const glossary = readFileSync(new URL(`../../web/locales/${locale}/glossary.ftl`, import.meta.url), 'utf8');
  const words = new Set();
  for (const line of glossary.split('\n')) {
    const value = line.split(' = ')[1];
    if (!value) continue;
    // A hyphenated term the glossary keeps in Latin (ja `Post-Norm`) is
    // checked word by word below, so each of its parts is allowed too.
    for (const w of value.match(/[A-Za-z][A-Za-z-]*/g) ?? []) {
      words.add(w.toLowerCase());
      for (const part of w.split('-')) if (part) words.add(part.toLowerCase());
    }
  }
  const always = ['attention', 'lab', 'vaswani', 'wu', 'web', 'worker', 'nan', 'adam', 'noam', 'relu', 'pytorch',
    'max', 'min', 'exp', 'log', 'sin', 'cos', 'argmax', 'concat', 'true', 'false', 'pad', 'bos', 'eos', 'unk',
    'var', 'factor', 'pe', 'pos', 'rms', 'gflop', 'flop', 'mb', 'kb', 'kib', 'mib', 'gib', 'png', 'svg', 'csv', 'esc', 'space', 'rnn', 'cnn', 'gpu', 'cpu', 'et', 'al',
    // A name, in Latin letters in Japanese (QR コード) and Taiwan (QR 碼).
    'qr',
    // The paper's §3.1 formula, LayerNorm(x + Sublayer(x)), as the tutorials
    // write it (000), and "logits", which Chinese writing keeps in Latin letters.
    'layernorm', 'sublayer', 'logits'];
  for (const w of always) words.add(w);
  return words;
}

/** The visible UI text of the page outside English tokens, code and math, as lines. */
function visibleUiText(page) {
  return page.evaluate(() => {
    const skip = 'script, style, code, math, kbd, [lang="en"], [translate="no"], [data-testid="lang-picker"], .hm-col, .hm-row';
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      if (!text) continue;
      const parent = node.parentElement;
      if (!parent || parent.closest(skip)) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      out.push(text);
    }
    // Tooltips and labels are UI text too.
    for (const el of document.querySelectorAll('[title], [aria-label], [placeholder]')) {
      if (el.closest(skip)) continue;
      for (const attr of ['title', 'aria-label', 'placeholder']) {
        const v = el.getAttribute(attr);
        if (v) out.push(v);
      }
    }
    return out;
  });
}

// Every view, in every language but English: a failure lists each English
// string left, with the text it sits in.

for (const locale of LOCALES.slice(1)) {
  test(`${locale}: the page speaks ${locale}, and no English UI text is left`, () => withPage(`?lang=${locale}`, async ({ page, errors }) => {
    assert.equal(await page.getAttribute('html', 'lang'), locale);
    assert.equal(await page.locator(byTestId('lang-picker')).inputValue(), locale);
    // Let the views fill with the model's numbers.
    await until(() => page.locator('.heatmap').count(), (n) => n > 3, 20_000, 'the heatmaps');
    const allowed = latinAllowed(locale);
    const english = [];
    for (const text of await visibleUiText(page)) {
      // Identifiers (d_model, W^Q) and single letters are math, not English.
      const words = text.replace(/[A-Za-z]+(?:[_^][A-Za-z0-9{}]+)+/g, ' ').match(/[A-Za-z]{2,}/g) ?? [];
      const foreign = words.filter((w) => !allowed.has(w.toLowerCase()));
      if (foreign.length > 0) english.push(`${foreign.join(' ')}  ⟵  ${text.slice(0, 120)}`);
    }
    assert.deepEqual(english, [], `English left on the ${locale} page:\n${english.join('\n')}`);
    assert.deepEqual(errors, []);
  }));
}

test('the language picker switches the page and is remembered', () => withPage('', async ({ page, context }) => {
  const title = page.locator('#pe h2');
  const english = await title.innerText();
  await page.locator(byTestId('lang-picker')).selectOption('ja');
  await until(() => page.getAttribute('html', 'lang'), (l) => l === 'ja', 5_000, '<html lang="ja">');
  assert.notEqual(await title.innerText(), english);
  // A new page in the same browser opens in Japanese.
  const again = await context.newPage();
  await again.goto(page.url().split('?')[0]);
  await waitForModel(again);
  assert.equal(await again.getAttribute('html', 'lang'), 'ja');
}));

test('a language that cannot be fetched leaves the page in English and says so; the picker fetches it once the network is back', async () => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  try {
    let cut = true;
    await page.route('**/locales/ja.ftl', (route) => (cut ? route.abort() : route.continue()));
    await page.goto(`${BASE_URL}?lang=ja`);
    await waitForModel(page);
    assert.equal(await page.getAttribute('html', 'lang'), 'en', 'the page opens in English');
    const banner = page.locator(byTestId('error-message'));
    const said = await until(() => banner.innerText().catch(() => ''), (t) => t.includes('日本語'), 5_000, 'the banner');
    assert.match(said, /could not be loaded.*locales\/ja\.ftl/s);
    // Chosen in the picker while it still cannot come: the picker shows English again.
    await page.locator(byTestId('lang-picker')).selectOption('ja');
    await until(() => page.locator(byTestId('lang-picker')).inputValue(), (v) => v === 'en', 5_000, 'the picker back on English');
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    cut = false;
    await page.locator(byTestId('lang-picker')).selectOption('ja');
    await until(() => page.getAttribute('html', 'lang'), (l) => l === 'ja', 10_000, '<html lang="ja">');
    assert.equal(await banner.count(), 0, 'the banner is gone once Japanese came');
  } finally {
    await context.close();
  }
});

const LINK = '?lang=zh-Hant&task=copy&seed=7&d_model=32&n_heads=2&n_layers=1&d_ff=64&dropout=0.1'
  + '&warmup_steps=50&lr_factor=1&label_smoothing=0.1&norm=pre&batch_size=16&start=scratch'
  + '&view=inside-head&kind=decoder&layer=1&head=2&query=2';

/** Steps `n` times with the Step button; returns the exact loss then. */
async function stepTo(page, n) {
  for (let s = (await stepCount(page)) + 1; s <= n; s += 1) {
    await page.locator(byTestId('train-step')).click();
    await until(() => stepCount(page), (k) => k >= s, 10_000, `step ${s}`);
  }
  return page.locator(byTestId('loss-value')).getAttribute('data-loss');
}

test('a deep link restores its state, and two pages from one link train bit-identically', async () => {
  const losses = [];
  for (let run = 0; run < 2; run += 1) {
    await withPage(LINK, async ({ page, errors }) => {
      assert.equal(await page.getAttribute('html', 'lang'), 'zh-Hant');
      assert.equal(await page.locator(byTestId('task-picker')).inputValue(), 'copy');
      assert.equal(await stepCount(page), 0, 'a run from scratch');
      losses.push(await stepTo(page, 20));
      // Copy link gives back a link with the same settings, seed and focus.
      await page.locator(byTestId('copy-link')).click();
      const url = await page.locator(byTestId('copy-link-url')).inputValue();
      const params = new URL(url).searchParams;
      for (const [k, v] of new URL(`http://x/${LINK}`).searchParams) {
        if (k !== 'view') assert.equal(params.get(k), v, `${k} in the copied link`);
      }
      assert.deepEqual(errors, []);
    });
  }
  assert.ok(losses[0] && Number.isFinite(Number(losses[0])), `a loss at step 20: ${losses[0]}`);
  assert.equal(losses[0], losses[1], 'bit-identical losses at step 20');
});

test('a deep link opens the head view on its kind, layer, head and query', () => withPage(LINK, async ({ page }) => {
  assert.equal(await page.locator(byTestId('head-kind')).inputValue(), 'decoder');
  assert.equal(await page.locator(byTestId('head-index')).inputValue(), '1');
}));

test("a deep link's view is at the top of the window, and stays there while the page fills in", async () => {
  // Views far from the window skip their rendering (style.css); the scroll must
  // still land on the linked view, below the sticky toolbar, not on a guess.
  for (const view of ['inside-head', 'training']) {
    await withPage(`?view=${view}`, async ({ page, errors }) => {
      const top = () => page.evaluate((id) => {
        const toolbar = document.querySelector('.toolbar').getBoundingClientRect().bottom;
        return document.getElementById(id).getBoundingClientRect().top - toolbar;
      }, view);
      for (const when of ['at once', 'a second later']) {
        if (when !== 'at once') await page.waitForTimeout(1_000);
        const below = await top();
        assert.ok(below >= -1 && below < 100, `${view}, ${when}: its top is ${below.toFixed(0)} px below the toolbar`);
      }
      assert.deepEqual(errors, []);
    });
  }
});

test('a link with impossible settings says so and keeps a working model', () => withPage('?task=copy&d_model=4096&n_layers=24', async ({ page, errors }) => {
  await until(() => page.locator(byTestId('error-message')).innerText(), (t) => /d_model/.test(t), 5_000, 'the link problem');
  assert.ok(await page.locator(`${byTestId('train-toggle')}:not([disabled])`).count() === 1);
  assert.deepEqual(errors, []);
}));

test('presentation mode: one panel, large type, keys walk the panels, ? lists them', () => withPage('?present=1&view=masks', async ({ page, errors }) => {
  assert.ok(await page.evaluate(() => document.documentElement.classList.contains('present')));
  const visibleViews = () => page.evaluate(() => [...document.querySelectorAll('section.view')]
    .filter((s) => s.checkVisibility()).map((s) => s.id));
  assert.deepEqual(await visibleViews(), ['masks']);
  const fontPx = await page.evaluate(() => Number.parseFloat(getComputedStyle(document.body).fontSize));
  assert.ok(fontPx >= 24, `base type ${fontPx}px`);
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await until(visibleViews, (v) => v[0] === 'inside-head', 5_000, 'the head view'), ['inside-head']);
  // ? lists the shortcuts; Space trains; Esc leaves.
  await page.keyboard.press('?');
  await page.locator(byTestId('shortcuts')).waitFor();
  await page.keyboard.press('Escape');
  assert.ok(await page.evaluate(() => !document.documentElement.classList.contains('present')));
  await page.keyboard.press(' ');
  await until(() => page.locator(byTestId('train-toggle')).getAttribute('data-running'), (r) => r === 'true', 5_000, 'Space to train');
  await page.keyboard.press(' ');
  await page.locator(byTestId('present-toggle')).click();
  assert.ok(await page.evaluate(() => document.documentElement.classList.contains('present')));
  assert.deepEqual(errors, []);
}));

test('presentation mode reveals the head view one stage per key press, and A the answers', () => withPage('?present=1&view=masks', async ({ page }) => {
  const stages = () => page.locator('#inside-head [data-stage]').evaluateAll((els) => els.filter((e) => e.checkVisibility()).length);
  const answers = (id) => page.locator(`#${id} ${byTestId('question-reveal')}`).count();
  // The masks panel opens on its question without the answer; A reveals it and hides it.
  await page.locator(`#masks ${byTestId('question')}`).waitFor();
  assert.equal(await answers('masks'), 0);
  await page.keyboard.press('a');
  await until(() => answers('masks'), (n) => n === 1, 10_000, 'the masks answer revealed');
  await page.keyboard.press('a');
  await until(() => answers('masks'), (n) => n === 0, 5_000, 'the answer hidden again');
  await page.keyboard.press('ArrowLeft');
  // Arriving backwards shows every stage, not the answers; A shows them, then hides them.
  const all = await until(stages, (n) => n > 1, 10_000, 'the stages');
  assert.equal(await answers('inside-head'), 0);
  await page.keyboard.press('a');
  await until(() => answers('inside-head'), (n) => n === 2, 10_000, 'both head answers');
  assert.equal(await stages(), all);
  await page.keyboard.press('a');
  await until(() => answers('inside-head'), (n) => n === 0, 5_000, 'the answers hidden');
  assert.equal(await stages(), all);
  await page.keyboard.press('ArrowLeft');
  await until(stages, (n) => n === all - 1, 5_000, 'one stage hidden');
  await page.keyboard.press('ArrowRight');
  await until(stages, (n) => n === all, 5_000, 'the stage back');
  assert.equal(await answers('inside-head'), 0);
}));

for (const [width, height] of [[1366, 768], [1920, 1080]]) {
  test(`presentation mode at ${width} × ${height}: each panel's main figure is on its first screen, under one row of controls`, async () => {
    const { context, page, errors } = await openLab(browser, '?lang=zh-Hant&present=1', { viewport: { width, height } });
    try {
      const panels = await page.evaluate(() => [...document.querySelectorAll('main > section.view')].map((s) => s.id));
      assert.equal(panels[0], 'model', 'the model\'s figure is the first panel');
      assert.ok(panels.length > 1, panels.join());
      for (const id of panels) {
        await page.goto(`${BASE_URL}?lang=zh-Hant&present=1&view=${id}`);
        await waitForModel(page);
        const box = await until(() => page.evaluate((id) => {
          const section = document.getElementById(id);
          const figure = section.querySelector(section.dataset.figure);
          const bar = document.querySelector('.present-bar').getBoundingClientRect();
          const controls = document.querySelector('.run-controls').getBoundingClientRect();
          if (!figure) return null;
          const r = figure.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height, bar: bar.bottom, controlsBottom: controls.bottom };
        }, id), (b) => b && b.height > 0, 10_000, `the ${id} figure`);
        assert.ok(box.bar <= 80 && box.controlsBottom <= box.bar + 1, `${id}: the controls take one row (${JSON.stringify(box)})`);
        assert.ok(box.top >= box.bar && box.bottom <= height && box.left >= 0 && box.right <= width,
          `${id}: the figure spans ${box.top.toFixed(0)}–${box.bottom.toFixed(0)} px under a ${box.bar.toFixed(0)} px bar in a ${height} px window`);
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('export: a heatmap downloads its numbers with labels as CSV and its picture as SVG and PNG', () => withPage('', async ({ page, errors }) => {
  const figure = page.locator('#masks');
  await figure.scrollIntoViewIfNeeded();
  const download = async (id) => {
    const [file] = await Promise.all([page.waitForEvent('download'), figure.locator(byTestId(id)).first().click()]);
    return { name: file.suggestedFilename(), text: readFileSync(await file.path(), id === 'export-png' ? 'latin1' : 'utf8') };
  };
  const csv = await download('export-csv');
  assert.match(csv.name, /\.csv$/);
  const rows = csv.text.trim().split(/\r?\n/);
  assert.ok(rows.length > 2, csv.text);
  const svg = await download('export-svg');
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return { error: doc.querySelector('parsererror') !== null, root: doc.documentElement.nodeName };
  }, svg.text);
  assert.deepEqual(parsed, { error: false, root: 'svg' });
  const png = await download('export-png');
  assert.ok(png.text.startsWith('\x89PNG'), 'a PNG file');
  assert.deepEqual(errors, []);
}), { acceptDownloads: true });

test('accessibility: axe finds no serious or critical violation on any view', () => withPage('', async ({ page }) => {
  await until(() => page.locator('.heatmap').count(), (n) => n > 3, 20_000, 'the heatmaps');
  const violations = await seriousAxeViolations(page);
  assert.deepEqual(violations, [], violations.join('\n'));
}));

test('a heatmap is usable from the keyboard and has a table twin', () => withPage('', async ({ page }) => {
  const map = page.locator('#masks [role="grid"], #masks [role="application"]').first();
  await map.scrollIntoViewIfNeeded();
  await map.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const live = page.locator('#masks [aria-live]').first();
  await until(() => live.innerText(), (t) => /\d/.test(t), 5_000, 'the live read-out');
  await page.locator(`#masks ${byTestId('heatmap-table-toggle')}`).first().click();
  assert.ok(await page.locator('#masks table th[scope]').count() > 2, 'a table with headers');
}));
