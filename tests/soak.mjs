// The soak benchmark (`cargo xtask soak [--minutes N]`, default 10): trains the
// default task from scratch in headless Chromium for N minutes and records,
// every 30 s, the steps/s of the last interval, the longest gap between
// animation frames on the page, the page's JS heap, and the resident memory
// of all Chromium processes (page, workers, GPU-less renderer).
//
// A benchmark, not a test: it prints `soak …` lines and two verdicts, that
// memory stays flat (within 5% of its value after the first interval) and that
// steps/s does not decay (last interval within 10% of the median).
import { execFileSync } from 'node:child_process';
import { byTestId, launch, openLab, startTraining, stepCount, until, waitForModel } from './e2e/lab.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const INTERVAL_S = 30;
const MEMORY_FLAT = 0.05;
const SPEED_DECAY = 0.10;

/**
 * Resident memory of this benchmark's Chromium processes in MB (the browser
 * it launched and every process under it; other browsers on the machine are
 * not counted): in all, and by process type (`browser` for the one without
 * `--type=`, then `renderer`, `gpu-process`, `utility`, …), so that a step in
 * the total can be traced to its process.
 */
function chromiumRssMb() {
  const byType = {};
  try {
    const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' });
    const rows = out.split('\n').map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/)).filter(Boolean)
      .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), rss: Number(m[3]), args: m[4] }));
    const ours = new Set([process.pid]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const r of rows) {
        if (!ours.has(r.pid) && ours.has(r.ppid)) {
          ours.add(r.pid);
          grew = true;
        }
      }
    }
    for (const r of rows.filter((r) => r.pid !== process.pid && ours.has(r.pid) && /chrom/.test(r.args))) {
      const type = r.args.match(/--type=([\w-]+)/)?.[1] ?? 'browser';
      // Chromium starts its on-device AI model service a few minutes into a
      // session (about 45 MB), whatever the page does: shown, not counted.
      const browsersOwn = /--utility-sub-type=on_device_model\./.test(r.args);
      const key = browsersOwn ? 'on_device_model(not counted)' : type;
      byType[key] = (byType[key] ?? 0) + r.rss / 1024;
    }
  } catch {
    return { total: NaN, byType };
  }
  const counted = Object.entries(byType).filter(([k]) => !k.includes('not counted'));
  return { total: counted.reduce((a, [, mb]) => a + mb, 0), byType };
}

function formatTypes(byType) {
  return Object.entries(byType)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, mb]) => `${type}=${mb.toFixed(0)}`)
    .join(',');
}

function instrumentFrames() {
  window.__maxGap = 0;
  let last = performance.now();
  const frame = (now) => {
    window.__maxGap = Math.max(window.__maxGap, now - last);
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

const browser = await launch();
try {
  const { context, page } = await openLab(browser, '?lang=en');
  await page.evaluate(instrumentFrames);
  await page.locator(byTestId('train-reset')).click();
  await waitForModel(page);
  await until(() => stepCount(page), (n) => n === 0, 10_000, 'a fresh run');
  await startTraining(page);
  const rows = [];
  let lastStep = 0;
  let lastTime = Date.now();
  const intervals = Math.max(1, Math.round((MINUTES * 60) / INTERVAL_S));
  console.log('soak minute steps_per_s max_frame_gap_ms js_heap_mb chromium_rss_mb step rss_by_process wasm_mb_page+workers');
  for (let i = 1; i <= intervals; i += 1) {
    await page.waitForTimeout(INTERVAL_S * 1000);
    const step = await stepCount(page);
    const now = Date.now();
    const { gap, heap, pageWasm } = await page.evaluate(() => {
      const g = window.__maxGap;
      window.__maxGap = 0;
      return {
        gap: g,
        heap: (performance.memory?.usedJSHeapSize ?? NaN) / 2 ** 20,
        pageWasm: (window.labWasm?.memory?.buffer.byteLength ?? NaN) / 2 ** 20,
      };
    });
    const workerWasm = [];
    for (const worker of page.workers()) {
      const bytes = await worker.evaluate(() => self.labWasm?.memory?.buffer.byteLength ?? NaN);
      workerWasm.push(bytes / 2 ** 20);
    }
    const row = {
      minute: (i * INTERVAL_S) / 60,
      stepsPerS: (step - lastStep) / ((now - lastTime) / 1000),
      gap,
      heap,
      memory: chromiumRssMb(),
      wasm: [pageWasm, ...workerWasm].map((mb) => mb.toFixed(0)).join('+'),
      step,
    };
    row.rss = row.memory.total;
    rows.push(row);
    console.log(`soak ${row.minute.toFixed(1)} ${row.stepsPerS.toFixed(2)} ${row.gap.toFixed(0)} ${row.heap.toFixed(1)} ${row.rss.toFixed(0)} ${row.step} ${formatTypes(row.memory.byType)} ${row.wasm}`);
    lastStep = step;
    lastTime = now;
  }
  const speeds = rows.map((r) => r.stepsPerS).sort((a, b) => a - b);
  const median = speeds[Math.floor(speeds.length / 2)];
  const last = rows[rows.length - 1];
  const base = rows[0];
  const growth = (last.rss - base.rss) / base.rss;
  console.log(`soak verdict memory ${growth <= MEMORY_FLAT ? 'flat' : 'GROWS'}: ${(growth * 100).toFixed(1)}% from minute ${base.minute} to ${last.minute}`);
  console.log(`soak verdict speed ${last.stepsPerS >= median * (1 - SPEED_DECAY) ? 'steady' : 'DECAYS'}: last ${last.stepsPerS.toFixed(2)} vs median ${median.toFixed(2)} steps/s`);
  console.log(`soak longest_frame_gap_ms ${Math.max(...rows.map((r) => r.gap)).toFixed(0)}`);
  await context.close();
} finally {
  await browser.close();
}
