// The site's pre-compressed copies (`FILE.br`, written by `cargo xtask
// post-build`, xtask/src/precompress.rs), served as a host that serves them
// does: the `.br` with `Content-Encoding: br` to a browser that accepts it.
// The lab loads and trains from them, and its wasm comes over the wire
// smaller than gzipped at level 9.
//
// The server here is a test fixture of a few lines (Node's own `http`):
// Python's `http.server`, which serves the other tests, sends files as they
// are.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { byTestId, launch, openLab, stepCount, until, workerNamed } from './lab.mjs';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const TYPES = {
  '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
};

let browser;
let server;
let base;
before(async () => {
  browser = await launch();
  server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
    const file = join(DIST, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(DIST) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    const headers = { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', Vary: 'Accept-Encoding' };
    const brotli = /\bbr\b/.test(request.headers['accept-encoding'] ?? '') && existsSync(`${file}.br`);
    if (brotli) headers['Content-Encoding'] = 'br';
    response.writeHead(200, headers).end(readFileSync(brotli ? `${file}.br` : file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}/`;
});
after(async () => {
  await browser?.close();
  server?.close();
});

/** The `.wasm` files `scope` (a page or a worker) fetched, as resource timing saw them. */
const wasmFetched = (scope) => scope.evaluate(() => performance.getEntriesByType('resource')
  .filter((e) => e.name.endsWith('.wasm'))
  .map((e) => ({ name: e.name.split('/').pop(), transfer: e.encodedBodySize, decoded: e.decodedBodySize })));

test('served pre-compressed, the lab loads and trains, and its wasm comes as brotli, smaller than gzip -9', async () => {
  const { context, page, errors } = await openLab(browser, '', {}, base);
  try {
    const start = await stepCount(page);
    await page.locator(byTestId('train-toggle')).click();
    await until(() => stepCount(page), (n) => n >= start + 3, 30_000, 'a few steps');
    assert.deepEqual(errors, []);
    const worker = await workerNamed(page, 'training');
    assert.ok(worker, 'the training worker');
    const fetched = [...await wasmFetched(page), ...await wasmFetched(worker)];
    for (const name of ['app_bg.wasm', 'worker_bg.wasm']) {
      assert.ok(existsSync(join(DIST, `${name}.br`)), `${name}.br: a release build writes it (\`trunk build --release\`)`);
      const file = readFileSync(join(DIST, name));
      const copy = readFileSync(join(DIST, `${name}.br`));
      const gzipped = gzipSync(file, { level: 9 }).length;
      assert.ok(copy.length < 0.9 * gzipped, `${name}: brotli ${copy.length} against gzip -9 ${gzipped}`);
      const seen = fetched.find((f) => f.name === name);
      assert.ok(seen, `${name} in ${JSON.stringify(fetched)}`);
      assert.equal(seen.transfer, copy.length, `${name} came as its brotli copy`);
      assert.equal(seen.decoded, file.length, `${name} was decoded to the file`);
    }
  } finally {
    await context.close();
  }
});
