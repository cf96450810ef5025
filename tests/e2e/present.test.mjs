// End-to-end tests of presentation mode as a lecturer uses it on a projector
// (issue 48): the first key press acts, the run's controls never cover the
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

test('presentation mode at 1366 × 800: the first → moves to panel 2, and A shows the answers', () => withPage('?present=1', { width: 1366, height: 800 }, async ({ page, errors }) => {
  assert.match(await counter(page), /^1 \/ 10/);
  await page.keyboard.press('ArrowRight');
  await until(() => counter(page), (c) => /^2 \/ 10/.test(c), 5_000, 'panel 2 after one press of →');
  assert.equal(await page.evaluate(() => document.querySelector('section.view.current').id), 'attention');
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'a new panel opens at its top');
  // The first panel's questions: A reveals their answers, A hides them again.
  await page.keyboard.press('ArrowLeft');
  await until(() => counter(page), (c) => /^1 \/ 10/.test(c), 5_000, 'panel 1 again');
  assert.equal(await answers(page), 0);
  await page.keyboard.press('a');
  await until(() => answers(page), (n) => n > 0, 5_000, 'the answers revealed by A');
  await page.keyboard.press('a');
  await until(() => answers(page), (n) => n === 0, 5_000, 'the answers hidden by A');
  assert.match(await counter(page), /^1 \/ 10/, 'A never changes the panel');
  // The ? overlay lists A.
  await page.keyboard.press('?');
  assert.match(await page.locator(byTestId('shortcuts')).innerText(), /\bA\b/);
  assert.deepEqual(errors, []);
}));

/** The boxes of the ← → buttons and of every visible run control, and what is drawn at each arrow's centre. */
function navigationAndControls(page) {
  return page.evaluate(() => {
    const box = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height }; };
    const nav = [...document.querySelectorAll('.present-bar [data-testid=present-prev], .present-bar [data-testid=present-next], .present-bar [data-testid=qr-toggle]')]
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
      await withPage(`?lang=${lang}&present=1`, { width, height }, async ({ page, errors }) => {
        const check = async (when) => {
          const { nav, controls, hit, number } = await navigationAndControls(page);
          assert.ok(number.has >= number.needs, `${width} px ${when}: the counter shows "${number.text}" whole ${JSON.stringify(number)}`);
          assert.equal(nav.filter((n) => n.id.startsWith('present-')).length, 2, `${width} px: both arrows`);
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
    const ids = await page.evaluate(() => [...document.querySelectorAll('main > section.view')].map((s) => s.id));
    assert.equal(ids.length, 10);
    for (const [i, id] of ids.entries()) {
      await until(() => counter(page), (c) => c.startsWith(`${i + 1} / 10`), 5_000, `panel ${i + 1}`);
      // A new panel opens at its top on the next frame: the figure is polled until it is in sight.
      const inSight = (b) => b && b.id === id && b.top >= b.bar - 1 && b.bottom <= height && b.left >= 0 && b.right <= width;
      await until(() => currentFigure(page), inSight, 10_000, `the ${id} figure on the first screen of a ${width} × ${height} window`);
      // The head view reveals its stages first: → until the next panel.
      for (let press = 0; press < 12 && i + 1 < ids.length; press += 1) {
        await page.keyboard.press('ArrowRight');
        if ((await counter(page)).startsWith(`${i + 2} / 10`)) break;
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
