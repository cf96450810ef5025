// Where each panel's main figure lands in presentation mode:
// BASE_URL=… node tests/measure_present.mjs WIDTH HEIGHT [lang] [shots]
import { launch, byTestId } from './e2e/lab.mjs';
const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:8080/';
const [width, height] = [Number(process.argv[2] ?? 1366), Number(process.argv[3] ?? 768)];
const lang = process.argv[4] ?? 'en';
const FIGURES = { pe: '[data-testid=pe-heatmap]', attention: '[data-testid=attention-map]', 'inside-head': '.head-stage[data-stage="0"]', masks: '[data-testid=mask-causal]', training: '[data-testid=loss-chart]', noam: '[data-testid=noam-chart]', smoothing: '[data-testid=smoothing-chart]', compare: '[data-testid=compare-chart]', translate: '[data-testid=decode-stepper]', complexity: '[data-testid=complexity-chart]' };
const browser = await launch();
const context = await browser.newContext({ viewport: { width, height } });
const page = await context.newPage();
for (const [id, fig] of Object.entries(FIGURES)) {
  await page.goto(`${BASE}?lang=${lang}&present=1&view=${id}`);
  await page.locator(`${byTestId('train-toggle')}:not([disabled])`).waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  const r = await page.evaluate(([id, fig]) => {
    const e = document.querySelector(`#${id} ${fig}`);
    const bar = document.querySelector('.present-bar')?.getBoundingClientRect();
    if (!e) return { id, missing: true };
    const b = e.getBoundingClientRect();
    return { id, top: Math.round(b.top), bottom: Math.round(b.bottom), left: Math.round(b.left), right: Math.round(b.right), bar: Math.round(bar?.bottom ?? 0), inside: b.top >= (bar?.bottom ?? 0) && b.bottom <= window.innerHeight && b.right <= window.innerWidth && b.height > 0 };
  }, [id, fig]);
  console.log(JSON.stringify(r));
  if (process.argv[5] === 'shots') await page.screenshot({ path: `/tmp/shots/present-${width}-${id}.png` });
}
await browser.close();
