// Click-to-frame latency while training (BENCHMARKS.md, "A click while
// training"): the page as shipped, the page whose worker is never told of
// the reader's clicks (no `Interacting` message, so both cores keep
// training), and that page with the style rules that once locked it on a
// text box's focus through `:has()` as well (the page before both changes).
// The same page trains throughout and the variants take turns, round by
// round, so all three see the same machine.
//
//   node tests/click_latency.mjs [ROUNDS]   (BASE_URL, CHROMIUM as for e2e)
import { launch, byTestId, startTraining, pauseTraining, stepCount, until, waitForModel, BASE_URL } from './e2e/lab.mjs';

const OLD_RULES = `html:has(textarea:focus) details:not([open])::details-content { display: none; content-visibility: visible; }
html.views-settled:has(textarea:focus) section.view { content-visibility: visible; }`;
const VARIANTS = ['as shipped', 'no Interacting', 'no Interacting, :has() rules'];
const rounds = Number(process.argv[2] ?? 3);
const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
// Drop the page's `Interacting` messages while `window.__dropInteracting`:
// the build's 4-byte fingerprint, then the variant's number, 20 (pinned by
// lab-protocol's test `the_measurement_scripts_know_these_message_numbers`).
await context.addInitScript(() => {
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (data, ...rest) {
    const interacting = data instanceof ArrayBuffer && data.byteLength === 5 && new Uint8Array(data)[4] === 20;
    if (window.__dropInteracting && interacting) return undefined;
    return post.call(this, data, ...rest);
  };
});
const page = await context.newPage();
await page.goto(BASE_URL);
await waitForModel(page);
await page.evaluate(() => {
  window.__lat = [];
  document.addEventListener('click', (event) => {
    requestAnimationFrame(() => window.__lat.push(performance.now() - event.timeStamp));
  });
});
const checkbox = page.locator(byTestId('attention-average'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function round(variant) {
  await page.evaluate(([css, drop, rules]) => {
    document.getElementById('old-rules')?.remove();
    if (rules) {
      const style = document.createElement('style');
      style.id = 'old-rules';
      style.textContent = css;
      document.head.append(style);
    }
    window.__dropInteracting = drop;
    window.__lat = [];
  }, [OLD_RULES, variant > 0, variant > 1]);
  // The worker's last moment alone (if any) is over.
  await page.waitForTimeout(1500);
  for (let i = 0; i < 9; i += 1) {
    await checkbox.click();
    await page.waitForTimeout(150);
  }
  return page.evaluate(() => window.__lat);
}
await startTraining(page);
await until(() => stepCount(page), (n) => n > 30, 30_000, 'training past its start');
const seen = VARIANTS.map(() => []);
for (let r = 0; r < rounds; r += 1) {
  for (let v = 0; v < VARIANTS.length; v += 1) seen[v].push(...await round(v));
}
await pauseTraining(page);
VARIANTS.forEach((name, v) => {
  console.log(`${name}: median ${median(seen[v]).toFixed(1)} ms over ${seen[v].length} clicks`);
});
await context.close();
await browser.close();
