// How the page fits a phone or a tablet: per view, what runs off the right
// edge, the toolbar's height, and the controls smaller than 44 × 44 CSS px.
// BASE_URL=… node tests/measure_fit.mjs WIDTH HEIGHT [lang] [shots]
import { launch, byTestId } from './e2e/lab.mjs';
const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:8080/';
const [width, height] = [Number(process.argv[2] ?? 390), Number(process.argv[3] ?? 844)];
const lang = process.argv[4] ?? 'en';
const shots = process.argv[5] === 'shots';
const browser = await launch();
const context = await browser.newContext({ viewport: { width, height }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
const page = await context.newPage();
await page.goto(`${BASE}?lang=${lang}`);
await page.locator(`${byTestId('train-toggle')}:not([disabled])`).waitFor({ timeout: 30_000 });
await page.waitForTimeout(2000);
const report = await page.evaluate(() => {
  const W = window.innerWidth;
  const out = { docWidth: document.documentElement.scrollWidth, toolbar: document.querySelector('.toolbar').getBoundingClientRect().height,
    runbar: document.querySelector('.run-bar')?.getBoundingClientRect().height, pageHeight: document.documentElement.scrollHeight, views: {} };
  for (const s of document.querySelectorAll('main > section')) {
    const over = [];
    for (const e of s.querySelectorAll('*')) {
      const r = e.getBoundingClientRect();
      if (r.width === 0) continue;
      // What scrolls inside a box that fits is in reach; the box is what counts.
      let clipped = false;
      for (let a = e.parentElement; a && a !== s; a = a.parentElement) {
        const o = getComputedStyle(a).overflowX;
        if ((o === 'auto' || o === 'scroll' || o === 'hidden') && a.getBoundingClientRect().right <= W + 1) { clipped = true; break; }
      }
      if (clipped) continue;
      if (r.right > W + 1 && !over.some((o) => e.closest(o.sel))) {
        const sel = e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\s+/).join('.') : '') + (e.dataset.testid ? `[data-testid=${e.dataset.testid}]` : '');
        over.push({ sel, right: Math.round(r.right), w: Math.round(r.width) });
      }
    }
    const smallOnes = [...s.querySelectorAll('button, select, input, summary')].filter((e) => {
      const big = (el) => { const r = el.getBoundingClientRect(); return r.height >= 43.5 && r.width >= 43.5; };
      return e.checkVisibility() && e.getBoundingClientRect().width > 0 && !big(e) && !(e.closest('label') && big(e.closest('label')));
    });
    const small = smallOnes.length + (smallOnes.length ? ' ' + smallOnes.slice(0, 3).map((e) => e.outerHTML.slice(0, 90)).join(' | ') : '');
    out.views[s.id || s.className] = { height: Math.round(s.getBoundingClientRect().height), over: over.slice(0, 8).map((o) => `${o.sel} r=${o.right} w=${o.w}`), small };
  }
  const tb = [...document.querySelectorAll('.toolbar button, .toolbar select, .run-bar button')].filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && (r.height < 44 || r.width < 44); }).length;
  out.toolbarSmall = tb;
  return out;
});
console.log(JSON.stringify(report, null, 1));
if (shots) {
  for (const id of ['pe', 'attention', 'inside-head', 'masks', 'training', 'noam', 'smoothing', 'compare', 'translate', 'complexity']) {
    const s = page.locator(`#${id}`);
    await s.scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/shots/phone/${width}-${id}.png` });
  }
}
await browser.close();
