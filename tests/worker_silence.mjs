// The training worker's longest silence: how long the page waits for the
// answer to its watchdog's ping (`lab_session::watchdog`) while the worker
// does the slowest things it legitimately does without a break: train the
// default task, fetch, read and build a real task's shipped model, train it,
// translate with beam search, compare greedy with beam on held-out
// sentences, and build and train a bigger model. The patience
// (`WORKER_PATIENCE_MS`) must stay well above the longest wait measured here
// (BENCHMARKS.md).
//
// BASE_URL=http://127.0.0.1:PORT/ CHROMIUM=/usr/bin/chromium node tests/worker_silence.mjs
import { byTestId, launch, pauseTraining, startTraining, until, waitForModel } from './e2e/lab.mjs';

/**
 * Pings the training worker itself every 50 ms (while no ping of its own is
 * on its way), beside the watchdog's pings, and records how long each
 * answer took: the worker's event loop is busy for at least that long.
 */
function recordPings() {
  const Real = window.Worker;
  window.__pings = { waits: [] };
  window.Worker = function Worker(url, options) {
    const worker = new Real(url, options);
    if (options?.name !== 'training') return worker;
    // Ids far above the watchdog's, so that its own pings are told apart.
    let next = 1e12;
    let out = null;
    // A message is the build's 4-byte fingerprint, the variant's number
    // (`Ready` 0 and `Pong` 3 from the worker, `Ping` 22 to it: pinned by
    // lab-protocol's test `the_measurement_scripts_know_these_message_numbers`)
    // and its fields, an id as a LEB128 varint.
    let fingerprint = null;
    const varint = (n) => {
      const bytes = [];
      for (; n >= 128; n = Math.floor(n / 128)) bytes.push((n % 128) + 128);
      return [...bytes, n];
    };
    const readVarint = (bytes) => bytes.reduceRight((n, b) => n * 128 + (b & 127), 0);
    worker.addEventListener('message', (event) => {
      if (!(event.data instanceof ArrayBuffer)) return;
      const bytes = new Uint8Array(event.data);
      if (!fingerprint && bytes.length === 5 && bytes[4] === 0) {
        fingerprint = [...bytes.slice(0, 4)];
        setInterval(() => {
          if (out) return;
          next += 1;
          out = { id: next, at: performance.now() };
          worker.postMessage(new Uint8Array([...fingerprint, 22, ...varint(next)]).buffer);
        }, 50);
      }
      if (out && bytes[4] === 3 && readVarint([...bytes.slice(5)]) === out.id) {
        window.__pings.waits.push(performance.now() - out.at);
        out = null;
      }
    });
    return worker;
  };
  window.Worker.prototype = Real.prototype;
}

/** The longest wait for a ping's answer since the last call (ms), and how many. */
async function longestWait(page) {
  return page.evaluate(() => {
    const { waits } = window.__pings;
    window.__pings.waits = [];
    return { pings: waits.length, longest_ms: Math.round(Math.max(0, ...waits)) };
  });
}

const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
await context.addInitScript(recordPings);
const results = {};
try {
  const page = await context.newPage();
  await page.goto(process.env.BASE_URL ?? 'http://127.0.0.1:8080/');
  await waitForModel(page);
  await longestWait(page);
  await startTraining(page);
  await page.waitForTimeout(8_000);
  await pauseTraining(page);
  results['default task, training 8 s'] = await longestWait(page);

  await page.locator(byTestId('task-picker')).selectOption('real-en-ja');
  await until(() => page.locator(byTestId('data-source')).count(), (n) => n > 0, 120_000, 'the real task');
  await waitForModel(page, 120_000);
  results['real en→ja: fetch, read and build its model'] = await longestWait(page);
  await startTraining(page);
  await page.waitForTimeout(8_000);
  await pauseTraining(page);
  results['real en→ja, training 8 s'] = await longestWait(page);

  await page.locator(byTestId('translate-input')).fill('I like music.');
  await page.locator(byTestId('translate-input')).press('Enter');
  await page.waitForTimeout(3_000);
  results['real en→ja, translate'] = await longestWait(page);
  const compare = page.locator(byTestId('decode-compare')).first();
  if (await compare.click({ timeout: 5_000 }).then(() => true, () => false)) {
    await until(() => page.locator(byTestId('decode-compare-result')).innerText().catch(() => ''), (t) => /\d/.test(t), 60_000, 'greedy against beam');
    results['real en→ja, greedy against beam on held-out sentences'] = await longestWait(page);
  }

  await page.locator(byTestId('task-picker')).selectOption('en-ja');
  await waitForModel(page, 60_000);
  for (const [field, value] of [['d_model', '256'], ['d_ff', '1024'], ['n_layers', '4']]) {
    await page.locator(byTestId(`setting-${field}`)).fill(value);
    await page.locator(byTestId(`setting-${field}`)).dispatchEvent('change');
  }
  await page.locator(byTestId('settings-apply')).click();
  await waitForModel(page, 60_000);
  await startTraining(page);
  await page.waitForTimeout(8_000);
  await pauseTraining(page);
  results['toy en→ja at d_model 256, d_ff 1024, 4 layers: build and train 8 s'] = await longestWait(page);
} finally {
  await browser.close();
}
console.log(JSON.stringify(results, null, 2));
