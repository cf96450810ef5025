// Long tasks and input-to-frame times while the attention view switches kinds
// during training (BENCHMARKS.md, "Main-thread long tasks"). Prints one JSON
// line: `long`, the durations of tasks over 50 ms; `frames`, the ms from each
// `change` event to the next animation frame.
// Usage: BASE_URL=http://127.0.0.1:<port>/ node tests/kind_switch.mjs [train]
import { launch, openLab, byTestId, waitForModel, until, startTraining, pauseTraining, stepCount } from './e2e/lab.mjs';
const browser = await launch();
const { page, context } = await openLab(browser);
await page.locator(`${byTestId('attention-grid')} ${byTestId('attention-map')}`).first().waitFor();
await waitForModel(page);
await page.evaluate(() => {
  window.__long = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push(Math.round(e.duration)); })
    .observe({ type: 'longtask', buffered: false });
  window.__clicks = [];
  document.addEventListener('change', (event) => {
    requestAnimationFrame(() => window.__clicks.push(Math.round(performance.now() - event.timeStamp)));
  }, true);
});
const training = process.argv[2] === 'train';
if (training) { await startTraining(page); await until(() => stepCount(page), (n) => n > 0, 20000, 'start'); }
for (let i = 0; i < 4; i++) for (const kind of ['decoder', 'cross', 'encoder']) {
  await page.locator(byTestId('attention-kind')).selectOption(kind);
  await page.waitForTimeout(500);
}
if (training) await pauseTraining(page);
console.log(JSON.stringify(await page.evaluate(() => ({ long: window.__long, frames: window.__clicks }))));
await context.close(); await browser.close();
