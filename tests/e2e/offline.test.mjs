// Offline after one visit (issue 48): the service worker (web/sw.js) keeps
// the site and every task the reader opened, a reload with the network cut
// opens the lab where it was, trains and translates, and the menu says what
// is kept; a new version of the site replaces the old cache.
//
// The site is reached through a small server of this file's own in front of
// BASE_URL, which can cut the network (every request dropped: nothing gets
// through but what the service worker kept) and serve a new version of
// sw.js. Service workers are allowed in these contexts only (lab.mjs blocks
// them elsewhere).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { BASE_URL, byTestId, launch, openLab, stepCount, until, waitForModel } from './lab.mjs';

let browser;
let proxy;
before(async () => {
  browser = await launch();
  proxy = await startProxy();
});
after(async () => {
  await browser?.close();
  proxy?.server.close();
  proxy?.server.closeAllConnections();
});

/**
 * A server in front of the site. `state.down` drops every request (the
 * network is cut); `state.suffix` is added to sw.js's version (a new
 * version of the site).
 */
function startProxy() {
  const state = { down: false, suffix: '' };
  const server = http.createServer(async (request, response) => {
    if (state.down) {
      request.socket.destroy();
      return;
    }
    try {
      const url = new URL(request.url, BASE_URL);
      const upstream = await fetch(url);
      let body = Buffer.from(await upstream.arrayBuffer());
      if (state.suffix && url.pathname.endsWith('/sw.js')) {
        body = Buffer.from(body.toString().replace(/const VERSION = '([^']*)';/, `const VERSION = '$1${state.suffix}';`));
      }
      response.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
        'content-length': body.length,
      });
      response.end(body);
    } catch {
      response.writeHead(502);
      response.end();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, state, url: `http://127.0.0.1:${server.address().port}/` }));
  });
}

const status = (page) => page.locator(byTestId('offline-status'));
const text = (page, id) => page.locator(byTestId(id)).first().textContent({ timeout: 500 }).catch(() => '');
const note = (page) => page.locator(byTestId('save-note')).innerText();

/** The tasks the menu says are kept (their link names), once it says `state`. */
async function keptTasks(page, state, task) {
  await until(
    async () => [await status(page).getAttribute('data-state'), await status(page).locator(`[data-task="${task}"]`).count()],
    ([s, n]) => s === state && n === 1,
    30_000,
    `the offline status "${state}" with ${task}`,
  );
  return status(page).locator('[data-task]').evaluateAll((spans) => spans.map((s) => s.dataset.task));
}

/** The lab's caches' names (one per version of the site). */
const cacheNames = (page) => page.evaluate(() => caches.keys());

/** The paths kept in the cache `name`, relative to the site. */
const keptPaths = (page, name) => page.evaluate(async (name) => {
  const requests = await (await caches.open(name)).keys();
  return requests.map((r) => r.url.slice(document.baseURI.replace(/[^/]*$/, '').length));
}, name);

test('after one visit to a real task, a reload with no network opens it where it was, translates and trains, and says it is offline', async () => {
  proxy.state.down = false;
  const { context, page, errors } = await openLab(browser, '?lang=en', { serviceWorkers: 'allow' }, proxy.url);
  try {
    await page.locator(byTestId('task-picker')).selectOption('real-en-ja');
    await until(() => text(page, 'model-origin'), (t) => /real sentences/.test(t), 30_000, 'the real-en-ja model');
    await waitForModel(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    const kept = await keptTasks(page, 'available', 'real-en-ja');
    console.log(`kept online: ${kept.join(', ')} · "${await status(page).innerText()}"`);
    assert.match(await status(page).innerText(), /^Available offline: the lab/);
    // A failed answer is never kept.
    assert.equal(await page.evaluate(() => fetch('assets/checkpoints/missing.ckpt').then((r) => r.status)), 404);
    const [name] = await cacheNames(page);
    assert.ok(!(await keptPaths(page, name)).includes('assets/checkpoints/missing.ckpt'), 'a 404 is not kept');
    // Two steps of the tab's own run, saved.
    const start = await stepCount(page);
    for (const n of [1, 2]) {
      await page.locator(byTestId('train-step')).click();
      await until(() => stepCount(page), (s) => s === start + n, 30_000, `step ${start + n}`);
    }
    await until(() => note(page), (t) => new RegExp(`step ${start + 2}\\b`).test(t), 20_000, `the save at step ${start + 2}`);

    console.log(`reloaded at ${page.url()}`);
    proxy.state.down = true;
    await context.setOffline(true);
    await page.reload();
    await waitForModel(page);
    assert.equal(await stepCount(page), start + 2, 'the run comes back at its step');
    assert.match(await text(page, 'model-origin'), /real sentences/);
    assert.equal(await page.locator(byTestId('task-picker')).inputValue(), 'real-en-ja');
    const offline = await keptTasks(page, 'offline', 'real-en-ja');
    console.log(`offline: "${await status(page).innerText()}"`);
    assert.ok(offline.includes('real-en-ja'));
    assert.match(await status(page).innerText(), /^Offline, using the saved copy: the lab/);
    await page.locator(byTestId('translate-input')).fill('Give it to me, please.');
    const output = await until(() => text(page, 'translate-output'), (t) => t.trim() !== '', 20_000, 'a translation');
    assert.match(output, /[\u3040-\u30ff\u4e00-\u9fff]/, 'Japanese comes out, offline');
    await page.locator(byTestId('train-step')).click();
    await until(() => stepCount(page), (s) => s === start + 3, 30_000, 'a step trained offline');
    // Nothing went wrong, offline included, but the 404 asked for above.
    assert.deepEqual(errors.filter((e) => !/missing\.ckpt|status of 404/.test(e)), []);
  } finally {
    proxy.state.down = false;
    await context.close();
  }
});

test('the default model fetched before the service worker took over is kept, and a new version replaces the old cache', async () => {
  proxy.state.down = false;
  proxy.state.suffix = '';
  const { context, page, errors } = await openLab(browser, '?lang=en', { serviceWorkers: 'allow' }, proxy.url);
  try {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    assert.deepEqual(await keptTasks(page, 'available', 'en-ja'), ['en-ja']);
    const [old] = await cacheNames(page);
    const version = old.split(' ').pop();
    assert.notEqual(version, 'unstamped', 'the build stamped sw.js with its version');
    assert.ok((await keptPaths(page, old)).includes('worker_bg.wasm'), 'the site is kept');

    proxy.state.suffix = '-next';
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    const names = await until(() => cacheNames(page), (n) => n.length === 1 && n[0] !== old, 30_000, 'the new version\'s cache alone');
    assert.equal(names[0], `${old}-next`);
    const paths = await keptPaths(page, names[0]);
    assert.ok(paths.includes('assets/checkpoints/en-ja.ckpt'), 'the task kept before is fetched anew for the new version');
    assert.ok(paths.includes('index.html') && paths.includes('app_bg.wasm'), 'and the site');
    assert.deepEqual(await keptTasks(page, 'available', 'en-ja'), ['en-ja']);
    assert.deepEqual(errors, []);
  } finally {
    proxy.state.suffix = '';
    await context.close();
  }
});

test('the language a first visit opened in is kept, and the lab opens in it with no network', async () => {
  proxy.state.down = false;
  const { context, page, errors } = await openLab(browser, '?lang=ja', { serviceWorkers: 'allow' }, proxy.url);
  try {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    const [name] = await cacheNames(page);
    // Fetched before the service worker took over, handed to it by the page.
    const paths = await until(() => keptPaths(page, name), (p) => p.includes('locales/ja.ftl'), 30_000, 'locales/ja.ftl kept');
    assert.ok(!paths.some((p) => p.startsWith('locales/zh')), `a language never opened is not fetched: ${paths.join(', ')}`);
    proxy.state.down = true;
    await context.setOffline(true);
    await page.reload();
    await waitForModel(page);
    assert.equal(await page.getAttribute('html', 'lang'), 'ja', 'the lab opens in Japanese, offline');
    assert.equal(await page.locator(byTestId('error-message')).count(), 0, 'no banner');
    assert.deepEqual(errors, []);
  } finally {
    proxy.state.down = false;
    await context.close();
  }
});
