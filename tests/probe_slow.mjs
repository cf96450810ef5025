// The step-time estimate against this browser, for BENCHMARKS.md:
//   BASE_URL=<site> node tests/probe_slow.mjs
// Prints the settings estimate of the toy preset before and after it trains
// (typical speed, then this browser's measured one), then opens a slow but
// possible model from a link, trains it and prints the toolbar's long-step
// progress every 2 s, the time the page takes to show a pause, and the
// estimate with the measured speed. Screenshot: /tmp/probe/slow.png.
import { launch, byTestId, stepCount } from './e2e/lab.mjs';
const base = process.env.BASE_URL;
const browser = await launch();
const t = (p, id) => p.locator(byTestId(id)).textContent({ timeout: 200 }).catch(() => '');
const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
const page = await context.newPage();
// toy first: measure
await page.goto(base + '?lang=en');
await page.locator(`${byTestId('train-toggle')}:not([disabled])`).waitFor();
console.log('toy before:', await t(page, 'settings-estimate'));
await page.locator(byTestId('train-toggle')).click();
await page.waitForTimeout(6000);
await page.locator(byTestId('train-toggle')).click();
console.log('toy after:', await t(page, 'settings-estimate'), 'step', await stepCount(page));
await page.goto(base + '?lang=en&task=en-ja&seed=42&d_model=256&n_heads=4&n_layers=4&d_ff=1024&dropout=0.1&warmup_steps=200&lr_factor=1&label_smoothing=0.1&norm=post&batch_size=256&start=scratch');
await page.locator(`${byTestId('train-toggle')}:not([disabled])`).waitFor({ timeout: 60000 });
console.log('big:', await t(page, 'settings-estimate'));
const t0 = Date.now();
await page.locator(byTestId('train-toggle')).click();
for (let i = 0; i < 6; i += 1) {
  await page.waitForTimeout(2000);
  console.log(`${Date.now() - t0} ms step ${await stepCount(page)} progress: ${await t(page, 'step-progress')}`);
}
await page.locator(byTestId('train-toggle')).click();
const tp = Date.now();
for (let i = 0; i < 30; i += 1) {
  const running = await page.locator(byTestId('train-toggle')).getAttribute('data-running');
  if (running === 'false') { console.log(`pause shown after ${Date.now() - tp} ms`); break; }
  await page.waitForTimeout(500);
}
console.log('big after:', await t(page, 'settings-estimate'));
await import('node:fs').then((fs) => fs.mkdirSync('/tmp/probe', { recursive: true }));
await page.screenshot({ path: '/tmp/probe/slow.png', clip: { x: 0, y: 0, width: 1400, height: 200 } });
await context.close();
await browser.close();
