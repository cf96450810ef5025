// One view embedded in a slide or a course page: `?embed=VIEW` alone,
// `hide=`, "Embed code", and the copied snippet pasted into a page of
// another site, where the view trains and pauses.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { BASE_URL, byTestId, launch, openLab, stepCount, until } from './lab.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The ids of the views a reader can see. */
const visibleViews = (frame) => frame.evaluate(() => [...document.querySelectorAll('main > section')]
  .filter((s) => s.checkVisibility()).map((s) => s.id || s.className));

const visible = (frame, testId) => frame.locator(byTestId(testId)).evaluateAll(
  (els) => els.filter((e) => e.checkVisibility()).length,
);

test('?embed=VIEW shows that view alone with the run controls, and a link to the whole lab', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=ja&embed=inside-head', { viewport: { width: 900, height: 700 } });
  try {
    assert.deepEqual(await visibleViews(page), ['inside-head']);
    for (const id of ['train-toggle', 'train-step', 'train-reset', 'step-count']) {
      assert.equal(await visible(page, id), 1, id);
    }
    for (const id of ['task-picker', 'copy-link', 'copy-embed', 'present-toggle', 'lang-picker']) {
      assert.equal(await visible(page, id), 0, id);
    }
    // The view fills the frame's width (no page margins), and nothing runs off it.
    const widths = await page.evaluate(() => ({
      view: document.getElementById('inside-head').getBoundingClientRect().width,
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
    }));
    assert.ok(widths.view > widths.window - 40, JSON.stringify(widths));
    // The whole lab opens in the same state, without embed=.
    const whole = new URL(await page.locator(byTestId('open-whole')).getAttribute('href'));
    assert.equal(whole.searchParams.get('embed'), null);
    assert.equal(whole.searchParams.get('view'), 'inside-head');
    assert.equal(whole.searchParams.get('lang'), 'ja');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('?embed=model shows the model\'s figure alone with the run controls, and its boxes still open the whole lab', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=zh-Hans&embed=model', { viewport: { width: 900, height: 700 } });
  try {
    assert.deepEqual(await visibleViews(page), ['model']);
    const figure = page.locator(byTestId('model-figure'));
    await until(() => figure.locator(`${byTestId('model-box')}[data-box=outputs] .chip`).count(), (n) => n > 1, 20_000, 'the probe\'s tokens');
    for (const name of ['inputs', 'enc-self-attention', 'dec-cross-attention', 'softmax']) {
      assert.equal(await figure.locator(`${byTestId('model-box')}[data-box=${name}]`).first().isVisible(), true, name);
    }
    for (const id of ['train-toggle', 'train-step', 'train-reset', 'step-count']) {
      assert.equal(await visible(page, id), 1, id);
    }
    for (const id of ['task-picker', 'copy-link', 'copy-embed', 'present-toggle', 'lang-picker']) {
      assert.equal(await visible(page, id), 0, id);
    }
    // The figure fills the frame's width and nothing runs off it.
    const widths = await page.evaluate(() => ({
      figure: document.getElementById('model').getBoundingClientRect().width,
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
    }));
    assert.ok(widths.figure > widths.window - 40 && widths.page <= widths.window, JSON.stringify(widths));
    const whole = new URL(await page.locator(byTestId('open-whole')).getAttribute('href'));
    assert.equal(whole.searchParams.get('embed'), null);
    assert.equal(whole.searchParams.get('view'), 'model');
    // It trains in the frame.
    const before = await stepCount(page);
    await page.locator(byTestId('train-toggle')).click();
    await until(() => stepCount(page), (n) => n > before, 20_000, 'steps');
    await page.locator(byTestId('train-toggle')).click();
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('hide= leaves out the settings, the controls and the questions; an unknown part is named', async () => {
  const { context, page } = await openLab(browser, '?embed=training&hide=settings,questions');
  try {
    assert.deepEqual(await visibleViews(page), ['training']);
    assert.equal(await page.locator('#training .settings').evaluate((e) => e.checkVisibility()), false);
    assert.equal(await visible(page, 'settings-apply'), 0);
    assert.equal(await visible(page, 'train-toggle'), 1);
    await page.goto(`${BASE_URL}?embed=noam&hide=controls,questions,menus`);
    await page.locator('#noam').waitFor();
    await until(() => page.locator(byTestId('error-message')).innerText(), (t) => /hide=menus/.test(t), 10_000, 'the unknown part named');
    assert.equal(await visible(page, 'train-toggle'), 0);
    assert.equal(await visible(page, 'question'), 0);
    assert.deepEqual(await visibleViews(page), ['noam']);
  } finally {
    await context.close();
  }
});

test('the copied embed code, pasted into a page of another site, trains and pauses there', async () => {
  const { context, page, errors } = await openLab(browser, '?lang=en&view=training');
  try {
    // "Embed code" on the view in sight.
    await page.locator(byTestId('copy-embed')).click();
    const snippet = await page.locator(byTestId('copy-embed-code')).inputValue();
    assert.match(snippet, /^<iframe src="http[^"]+embed=training[^"]*" title="Attention Lab · [^"]+"/);
    // A course page with the snippet pasted in, on another site (`localhost`
    // against the lab's 127.0.0.1), served by the test on a port of its own.
    const body = `<!doctype html><html lang="en"><title>Week 3</title><h1>Week 3: attention</h1>${snippet}</html>`;
    const server = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body);
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    after(() => server.close());
    await page.goto(`http://localhost:${server.address().port}/week-3.html`);
    const frame = page.frameLocator('iframe');
    const toggle = frame.locator(`${byTestId('train-toggle')}:not([disabled])`);
    await toggle.waitFor({ timeout: 30_000 });
    const steps = async () => Number.parseInt(await frame.locator(byTestId('step-count')).innerText(), 10);
    await toggle.click();
    await until(steps, (n) => n >= 3, 60_000, 'steps in the embedded view');
    await toggle.click();
    await until(() => toggle.getAttribute('data-running'), (r) => r === 'false', 5_000, 'paused');
    // The button answers at once; the worker's last snapshot, with the steps
    // it trained before the pause, follows within a snapshot's time.
    let paused = await steps();
    await until(async () => { const last = paused; await page.waitForTimeout(600); paused = await steps(); return paused === last; },
      (same) => same, 10_000, 'the step count to settle');
    await page.waitForTimeout(1_500);
    assert.ok(await steps() <= paused + 1, 'no more steps after pausing');
    // One step at a time, as on the whole page.
    await frame.locator(byTestId('train-step')).click();
    await until(steps, (n) => n > paused, 30_000, 'one step');
    // Where the browser keeps storage from frames of other sites, the frame says why it cannot save.
    const banner = frame.locator(byTestId('error-message'));
    if (await banner.count()) assert.match(await banner.innerText(), /embedded view cannot save/);
    const shown = await frame.locator('main > section').evaluateAll((els) => els.filter((e) => e.checkVisibility()).map((e) => e.id));
    assert.deepEqual(shown, ['training']);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
