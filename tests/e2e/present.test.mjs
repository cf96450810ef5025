// End-to-end tests of presentation mode as a lecturer uses it on a projector
// (issue 48): it starts on the model's figure and Home returns to it, the first key press acts, the run's controls never cover the
// ← → buttons, and every panel reached with → shows its figure on its first screen.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { byTestId, launch, openLab, until, waitForModel } from './lab.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function withPage(query, viewport, body) {
  const lab = await openLab(browser, query, { viewport });
  try {
    await body(lab);
  } finally {
    await lab.context.close();
  }
}

const counter = (page) => page.locator(byTestId('present-counter')).innerText();
const answers = (page) => page.locator(`section.view.current ${byTestId('question-reveal')}`).count();

/** The panels in page order, as the page lays them out: the model's figure first, then the numbered views. */
const panelIds = (page) => page.evaluate(() => [...document.querySelectorAll('main > section.view')].map((s) => s.id));
const current = (page) => page.evaluate(() => document.querySelector('section.view.current')?.id);

test('presentation mode at 1366 × 800: it starts on the model\'s figure, the first → moves to view 1, A shows its answers, Home returns', () => withPage('?present=1', { width: 1366, height: 800 }, async ({ page, errors }) => {
  const ids = await panelIds(page);
  const views = ids.length - 1;
  assert.equal(ids[0], 'model', 'the figure is the first panel');
  assert.equal(await current(page), 'model');
  assert.ok(await page.locator(`#model.current ${byTestId('model-box')}`).first().isVisible(), 'the figure shown');
  assert.doesNotMatch(await counter(page), /\//, 'the figure has no number');
  await page.keyboard.press('ArrowRight');
  await until(() => counter(page), (c) => c.startsWith(`1 / ${views}`), 5_000, 'view 1 after one press of →');
  assert.equal(await current(page), ids[1]);
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'a new panel opens at its top');
  assert.equal(await answers(page), 0);
  await page.keyboard.press('a');
  await until(() => answers(page), (n) => n > 0, 5_000, 'the answers revealed by A');
  await page.keyboard.press('a');
  await until(() => answers(page), (n) => n === 0, 5_000, 'the answers hidden by A');
  assert.match(await counter(page), new RegExp(`^1 / ${views}`), 'A never changes the panel');
  // Further on, Home and the ⌂ button both go back to the figure.
  await page.keyboard.press('ArrowRight');
  await until(() => current(page), (id) => id === ids[2], 5_000, 'view 2');
  await page.keyboard.press('Home');
  await until(() => current(page), (id) => id === 'model', 5_000, 'Home: the figure');
  await page.locator(byTestId('present-next')).click();
  await until(() => current(page), (id) => id === ids[1], 5_000, 'view 1 again');
  await page.locator(byTestId('present-figure')).click();
  await until(() => current(page), (id) => id === 'model', 5_000, '⌂: the figure');
  assert.equal(await page.locator(byTestId('present-figure')).getAttribute('aria-current'), 'page');
  // The ? overlay lists A and Home.
  await page.keyboard.press('?');
  const help = await page.locator(byTestId('shortcuts')).innerText();
  assert.match(help, /\bA\b/);
  assert.match(help, /\bHome\b/);
  assert.deepEqual(errors, []);
}));

/** The boxes of the ← → buttons and of every visible run control, and what is drawn at each arrow's centre. */
function navigationAndControls(page) {
  return page.evaluate(() => {
    const box = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height }; };
    const nav = [...document.querySelectorAll('.present-bar [data-testid=present-figure], .present-bar [data-testid=present-prev], .present-bar [data-testid=present-next], .present-bar [data-testid=qr-toggle]')]
      .map((e) => ({ id: e.dataset.testid, ...box(e) }));
    const controls = [...document.querySelectorAll('.run-controls *')]
      .filter((e) => e.checkVisibility() && e.getBoundingClientRect().width > 0)
      .map((e) => ({ id: e.dataset.testid ?? e.className ?? e.tagName, ...box(e) }));
    const hit = nav.map((n) => {
      const at = document.elementFromPoint((n.left + n.right) / 2, (n.top + n.bottom) / 2);
      return { id: n.id, ok: !!at?.closest(`[data-testid=${n.id}]`) };
    });
    // The panel's number ("3 / 10") in the counter's own font, against the
    // room the counter has: its title may give way to an ellipsis, the
    // number never.
    const counter = document.querySelector('.present-bar [data-testid=present-counter]');
    const probe = document.createElement('span');
    probe.style.cssText = 'position: absolute; visibility: hidden; white-space: nowrap';
    probe.style.font = getComputedStyle(counter).font;
    probe.textContent = counter.textContent.split(' · ')[0];
    document.body.append(probe);
    const number = { text: probe.textContent, needs: probe.getBoundingClientRect().width, has: counter.clientWidth };
    probe.remove();
    return { nav, controls, hit, number };
  });
}

const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

for (const lang of ['en', 'ja']) {
  test(`presentation mode (${lang}): the run's controls never cover ← → or the panel's number at 1024, 1366 and 1920 px, idle or training`, async () => {
    for (const [width, height] of [[1024, 768], [1366, 768], [1920, 1080]]) {
      await withPage(`?lang=${lang}&present=1&view=pe`, { width, height }, async ({ page, errors }) => {
        const check = async (when) => {
          const { nav, controls, hit, number } = await navigationAndControls(page);
          assert.ok(number.has >= number.needs, `${width} px ${when}: the counter shows "${number.text}" whole ${JSON.stringify(number)}`);
          assert.equal(nav.filter((n) => n.id.startsWith('present-')).length, 3, `${width} px: ⌂ and both arrows`);
          assert.ok(controls.length > 0, `${width} px: the run's controls are shown`);
          for (const n of nav) {
            assert.ok(n.right <= width && n.width > 0, `${width} px ${when}: ${n.id} on screen ${JSON.stringify(n)}`);
            for (const c of controls) {
              assert.ok(!overlap(n, c), `${width} px ${when}: ${c.id} ${JSON.stringify(c)} covers ${n.id} ${JSON.stringify(n)}`);
            }
          }
          assert.deepEqual(hit.filter((h) => !h.ok), [], `${width} px ${when}: an arrow is drawn over`);
        };
        await check('idle');
        await page.keyboard.press(' ');
        await until(() => page.locator(byTestId('train-toggle')).getAttribute('data-running'), (r) => r === 'true', 5_000, 'training');
        await page.waitForTimeout(1_500);
        await check('training');
        await page.keyboard.press(' ');
        assert.deepEqual(errors, []);
      });
    }
  });
}

/** Where the current panel's main figure is, or null while it has no box. */
function currentFigure(page) {
  return page.evaluate(() => {
    const section = document.querySelector('section.view.current');
    const figure = section?.querySelector(section.dataset.figure);
    const bar = document.querySelector('.present-bar').getBoundingClientRect();
    if (!figure) return null;
    const r = figure.getBoundingClientRect();
    if (r.height === 0) return null;
    return { id: section.id, top: r.top, bottom: r.bottom, left: r.left, right: r.right, bar: bar.bottom };
  });
}

for (const [width, height] of [[1366, 768], [1920, 1080]]) {
  test(`presentation mode at ${width} × ${height}: walking the panels with →, each opens with its figure on its first screen`, () => withPage('?present=1', { width, height }, async ({ page, errors }) => {
    const ids = await panelIds(page);
    assert.equal(ids[0], 'model', 'the figure first');
    for (const [i, id] of ids.entries()) {
      await until(() => current(page), (c) => c === id, 5_000, `panel ${i + 1}, ${id}`);
      if (i > 0) assert.ok((await counter(page)).startsWith(`${i} / ${ids.length - 1}`), `${id} is view ${i}`);
      // A new panel opens at its top on the next frame: the figure is polled until it is in sight.
      const inSight = (b) => b && b.id === id && b.top >= b.bar - 1 && b.bottom <= height && b.left >= 0 && b.right <= width;
      await until(() => currentFigure(page), inSight, 10_000, `the ${id} figure on the first screen of a ${width} × ${height} window`);
      // The head view reveals its stages first: → until the next panel.
      for (let press = 0; press < 12 && i + 1 < ids.length; press += 1) {
        await page.keyboard.press('ArrowRight');
        if ((await current(page)) === ids[i + 1]) break;
      }
    }
    assert.deepEqual(errors, []);
  }));
}

test('presentation mode: a link to the translation panel opens with its step-by-step figure shown', () => withPage('?present=1&view=translate', { width: 1366, height: 768 }, async ({ page }) => {
  await waitForModel(page);
  const box = await until(() => currentFigure(page), (b) => b && b.id === 'translate', 10_000, 'the decoding figure, without a click');
  assert.ok(box.bottom <= 768, JSON.stringify(box));
}));
