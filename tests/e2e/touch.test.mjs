// The lab on a phone (390 × 844) and a tablet (820 × 1180) with touch:
// every view fits its width, controls are big enough for a finger, a tap
// on a heatmap reads the cell as pointing does, a tap on a number of the
// head view shows its formula, training runs from the bottom bar, and axe
// finds no serious violation.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { byTestId, launch, openLab, seriousAxeViolations, stepCount, until } from './lab.mjs';
import { pastTheRightEdge } from '../common.mjs';

/** WCAG 2.5.5's target size, in CSS px. */
const TOUCH_PX = 44;

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 820, height: 1180 },
];

const touchLab = (size, query = '?lang=en') => openLab(browser, query, {
  viewport: { width: size.width, height: size.height }, hasTouch: true, isMobile: true,
});

for (const size of SIZES) {
  test(`${size.name} ${size.width} × ${size.height}: every view fits its width and every control takes a finger`, async () => {
    const { context, page, errors } = await touchLab(size);
    try {
      // Every drawer open, so the controls inside them (own pairs, saved runs, the guide) are measured too.
      await page.evaluate(() => { for (const d of document.querySelectorAll('details')) d.open = true; });
      const report = await page.evaluate(pastTheRightEdge);
      const small = await page.evaluate((touchPx) => {
        // No rounding allowance: Reset, 43.8 px wide on a phone, was a target too small (issue 48).
        const big = (el) => { const r = el.getBoundingClientRect(); return r.width >= touchPx && r.height >= touchPx; };
        // A link counts unless it sits in running text (its parent holds text
        // of its own), which WCAG exempts: a list of links, a link alone in a
        // table cell, are targets like buttons.
        const standsAlone = (e) => e.tagName !== 'A'
          || ![...e.parentElement.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim() !== '');
        const small = [...document.querySelectorAll('button, select, input, summary, textarea, a[href]')]
          .filter(standsAlone)
          .filter((e) => e.checkVisibility() && e.getBoundingClientRect().width > 0)
          .filter((e) => !big(e) && !(e.closest('label') && big(e.closest('label'))))
          .map((e) => e.outerHTML.slice(0, 100));
        return small.slice(0, 10);
      }, TOUCH_PX);
      assert.ok(report.page <= report.window, `the page is ${report.page} px wide in a ${report.window} px window`);
      assert.deepEqual(report.over, [], report.over.join('\n'));
      assert.deepEqual(small, [], small.join('\n'));
      // The run's controls stay on the screen wherever the reader is.
      await page.locator('#complexity').scrollIntoViewIfNeeded();
      const bar = await page.locator(byTestId('train-toggle')).boundingBox();
      assert.ok(bar && bar.y >= 0 && bar.y + bar.height <= size.height, `the train button at ${JSON.stringify(bar)}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test(`${size.name}: a tap reads a heatmap cell, a second tap enlarges the map; a tap shows a number's formula; training runs`, async () => {
    const { context, page, errors } = await touchLab(size);
    try {
      const map = page.locator(`#attention ${byTestId('attention-map')}`).first();
      // In the middle of the screen, clear of the bar of controls at its bottom.
      await map.evaluate((e) => e.scrollIntoView({ block: 'center' }));
      const readout = page.locator('#attention .readout');
      const hint = await readout.innerText();
      const box = await map.boundingBox();
      await page.touchscreen.tap(box.x + box.width * 0.3, box.y + box.height * 0.3);
      const read = await until(() => readout.innerText(), (t) => t !== hint && /weight \d/.test(t), 5_000, 'the tapped cell read');
      assert.equal(await page.locator('#attention .enlarged').count(), 0, 'the first tap reads, it does not enlarge');
      await page.touchscreen.tap(box.x + box.width * 0.3, box.y + box.height * 0.3);
      await page.locator('#attention .enlarged').waitFor({ timeout: 5_000 });
      assert.match(read, /query “[^”]+” → key “[^”]+”/);
      // Inside one head: a tapped number shows how it was computed.
      const cell = page.locator('#inside-head td[title]').first();
      await cell.evaluate((e) => e.scrollIntoView({ block: 'center' }));
      await cell.tap();
      const formula = page.locator(byTestId('head-formula'));
      await until(() => formula.innerText(), (t) => t.includes(' = ') || /[·∑√]/.test(t), 5_000, 'the formula shown');
      // Train and pause from the bar at the bottom of the screen.
      const toggle = page.locator(byTestId('train-toggle'));
      const before = await stepCount(page);
      await toggle.tap();
      await until(() => stepCount(page), (n) => n >= before + 2, 60_000, 'training steps');
      await toggle.tap();
      await until(() => toggle.getAttribute('data-running'), (r) => r === 'false', 5_000, 'paused');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test(`${size.name}: axe finds no serious or critical violation`, async () => {
    const { context, page } = await touchLab(size);
    try {
      await until(() => page.locator('.heatmap').count(), (n) => n > 3, 20_000, 'the heatmaps');
      const violations = await seriousAxeViolations(page);
      assert.deepEqual(violations, [], violations.join('\n'));
    } finally {
      await context.close();
    }
  });
}
