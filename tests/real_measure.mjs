// The real tasks' numbers for BENCHMARKS.md (issue 24), in headless Debian Chromium:
//   - how long a real task takes to be ready after it is chosen in the picker
//     (its sentences and model fetched, the model built), and the bytes fetched;
//   - training from scratch on it: steps, held-out BLEU and loss after each
//     minute of `MINUTES`, read from the page's own evaluation line;
//   - the longest main-thread task (PerformanceObserver 'longtask') over all of it.
//
// Run against a served dist/: BASE_URL=http://127.0.0.1:PORT/ node tests/real_measure.mjs [minutes]
// Prints `measure <name>=<value>` lines.
import { byTestId, launch, stepCount, until, waitForModel, BASE_URL } from './e2e/lab.mjs';

const MINUTES = Number(process.argv[2] ?? 2);

function instrument() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
}

const print = (name, value) => console.log(`measure ${name}=${value}`);
const text = (page, id) => page.locator(byTestId(id)).first().textContent({ timeout: 500 }).catch(() => '');

const browser = await launch();
try {
  for (const task of ['real-en-ja', 'real-en-zh']) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    await context.addInitScript(instrument);
    const page = await context.newPage();
    let fetched = 0;
    page.on('response', async (response) => {
      if (/assets\/(data|checkpoints)\/real-/.test(response.url())) {
        fetched += (await response.body().catch(() => Buffer.alloc(0))).length;
      }
    });
    await page.goto(`${BASE_URL}?lang=en`);
    await waitForModel(page);
    const chosen = Date.now();
    await page.locator(byTestId('task-picker')).selectOption(task);
    await until(() => text(page, 'model-origin'), (t) => /real sentences/.test(t) && /pretrained/.test(t), 60_000, `the ${task} model`);
    await waitForModel(page);
    print(`${task}_ready_ms`, Date.now() - chosen);
    print(`${task}_fetched_bytes`, fetched);
    const pretrained = await until(() => page.locator(byTestId('eval-summary')).getAttribute('data-bleu'), (b) => b !== null, 60_000, 'the pretrained evaluation');
    print(`${task}_pretrained_bleu`, Number(pretrained).toFixed(1));

    // From scratch: Reset, then Train, reading the evaluation each minute.
    await page.locator(byTestId('train-reset')).click();
    await until(() => text(page, 'model-origin'), (t) => /from scratch/.test(t), 60_000, 'an untrained model');
    await waitForModel(page);
    await page.locator(byTestId('train-toggle')).click();
    for (let minute = 1; minute <= MINUTES; minute += 1) {
      await page.waitForTimeout(60_000);
      const summary = page.locator(byTestId('eval-summary'));
      const [step, bleu] = [await summary.getAttribute('data-step'), await summary.getAttribute('data-bleu')];
      print(`${task}_scratch_minute_${minute}`, `steps ${await stepCount(page)} eval_step ${step} bleu ${Number(bleu ?? 0).toFixed(1)}`);
    }
    await page.locator(byTestId('train-toggle')).click();
    const longest = await page.evaluate(() => Math.max(0, ...window.__longTasks));
    print(`${task}_longest_task_ms`, longest.toFixed(0));
    await context.close();
  }
} finally {
  await browser.close();
}
