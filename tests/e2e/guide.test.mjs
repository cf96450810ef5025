// The self-study guide mirrors the tutorial map in the reader's language,
// each view shows how the tutorials write what it shows, a map that cannot
// be fetched is explained, and the shipped model opens on its own training
// curves from step 0.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { byTestId, launch, openLab, until } from './lab.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function openGuide(page) {
  await page.locator('details.guide summary').click();
  const map = page.locator(byTestId('guide-map'));
  await until(() => map.locator('h3').count(), (n) => n > 3, 20_000, 'the map');
  return map;
}

test('ja: the guide is the whole map in Japanese, with its examples, and its links open the views', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=ja');
  try {
    const map = await openGuide(page);
    const headings = await map.locator('h3').allInnerTexts();
    // The tutorials written in Japanese, and no others.
    for (const t of ['000', '002', '004']) assert.ok(headings.some((h) => h.startsWith(t)), `${t} in ${headings}`);
    for (const t of ['001', '003']) assert.ok(!headings.some((h) => h.startsWith(t)), `${t} shown to a ja reader`);
    const text = await map.innerText();
    for (let w = 1; w <= 14; w += 1) assert.match(text, new RegExp(`W${w}\\. `), `worked example W${w}`);
    assert.match(text, /ラボにはありません/, 'the rows that are not in the lab, translated');
    // A row's small map lights the boxes of its views: a row whose only
    // view is training (every weight's) has none, one on the masks lights
    // every attention box.
    const masksRow = map.locator('td').filter({ has: page.locator('.guide-links a[href="#masks"]') }).first();
    const lit = await masksRow.locator(`${byTestId('minimap')} .mini-box.lit`).evaluateAll((r) => r.map((e) => e.dataset.box));
    for (const box of ['enc-self-attention', 'outputs', 'dec-self-attention', 'dec-cross-attention']) assert.ok(lit.includes(box), `${box} lit in ${lit}`);
    assert.match(await masksRow.locator(byTestId('minimap')).getAttribute('aria-label'), /マスク付き.*論文の図 1/);
    const trainingOnly = map.locator('td').filter({ has: page.locator('.guide-links a[href="#training"]') })
      .filter({ hasNot: page.locator('.guide-links a:not([href="#training"])') });
    assert.ok(await trainingOnly.count() > 0, 'a row about training alone');
    assert.equal(await trainingOnly.locator(byTestId('minimap')).count(), 0, 'training is no box\'s');
    // A link in the map opens its view.
    await map.locator('.guide-links a[href="#masks"]').first().click();
    await until(async () => (await page.locator('#masks').boundingBox())?.y, (y) => y !== undefined && y < 400, 10_000, 'the masks view in sight');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('zh-Hant: the masks view shows how each tutorial writes a mask', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=zh-Hant');
  try {
    const box = page.locator(`#masks ${byTestId('tutorial-conventions')}`);
    await box.scrollIntoViewIfNeeded();
    await box.locator('summary').click();
    const rows = box.locator('tbody tr');
    await until(() => rows.count(), (n) => n === 1, 20_000, 'the mask row');
    const cells = await rows.first().locator('th, td').allInnerTexts();
    assert.equal(cells.length, 7, cells.join(' | '));
    assert.match(cells[0], /遮罩/);
    assert.match(cells[2], /True/, "000's mask: True is visible");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a map that cannot be fetched is explained, and the lab goes on', async () => {
  const { context, page } = await openLab(browser, '?lang=zh-Hans');
  try {
    await page.route('**/tutorial-map.zh-Hans.md', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.locator('details.guide summary').click();
    const error = page.locator(byTestId('guide-error'));
    await error.waitFor({ timeout: 20_000 });
    assert.match(await error.innerText(), /无法加载教程对照表/);
    assert.match(await error.innerText(), /tutorial-map\.zh-Hans\.md: HTTP 404/);
    assert.equal(await page.locator(`${byTestId('train-toggle')}:not([disabled])`).count(), 1, 'the lab still trains');
  } finally {
    await context.close();
  }
});

test('a web page served instead of the map is explained, not shown as an empty guide', async () => {
  const { context, page } = await openLab(browser, '?lang=ja');
  try {
    await page.route('**/tutorial-map.ja.md', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!DOCTYPE html><html><body>index</body></html>' }));
    await page.locator('details.guide summary').click();
    const error = page.locator(byTestId('guide-error'));
    await error.waitFor({ timeout: 20_000 });
    assert.match(await error.innerText(), /tutorial-map\.ja\.md: not a Markdown map/);
  } finally {
    await context.close();
  }
});

test('the shipped model opens on its own training curves, from step 0', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=en', { acceptDownloads: true });
  try {
    const training = page.locator('#training');
    await training.scrollIntoViewIfNeeded();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      training.locator(byTestId('export-csv')).first().click(),
    ]);
    const rows = readFileSync(await file.path(), 'utf8').trim().split(/\r?\n/);
    const steps = rows.slice(1).map((r) => Number.parseFloat(r.split(',')[0])).filter(Number.isFinite);
    const now = Number.parseInt(await page.locator(byTestId('step-count')).innerText(), 10);
    assert.ok(now > 100, `the pretrained model is at step ${now}`);
    assert.ok(Math.min(...steps) <= 1, `the curves start at step ${Math.min(...steps)}`);
    assert.ok(steps.length > 100, `${steps.length} points, not one`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
