// The lab's service worker: after one visit, the lab opens with no network.
//
// It keeps one cache per version of the site. Installing a version fetches
// the site (the page, the two wasm programs and their glue, the loaders, the
// style, the guide's tutorial maps, the manifest and the icons: every file of
// dist/ but the tasks' (assets/) and the languages' other than English
// (locales/), listed in SITE) past the browser's HTTP cache, and, anew,
// every task or language file the previous version had kept. Activating it
// deletes the older versions' caches. Afterwards every same-origin GET is
// answered from the cache when it is there, else from the network, and a
// good answer is kept: so a task's model and sentences, or a language's
// messages, fetched when the reader first opens them, are there on the next
// visit. Nothing of another origin is kept, nor a
// failed or partial answer; range requests, POSTs and `no-store` fetches
// pass through. A fetch that asks past the caches (`cache: 'reload'`, the
// worker's retry of a download that failed) goes to the network, and only
// without a network falls back to the kept copy.
//
// VERSION and SITE are written into the built copy (dist/sw.js) by
// `cargo xtask stamp-sw`, which `trunk build` runs as a post-build hook
// (Trunk.toml): VERSION is a hash of every built file, so a change to any
// of them is a new version, and the browser, which compares sw.js byte for
// byte on each visit, installs it.
//
// The page talks to it with two messages (web/src/workers/offline.rs):
// `{ type: 'status' }` asks what is kept, `{ type: 'keep', paths }` asks it
// to keep files the lab fetched before this worker controlled the page (a
// first visit's default model). Its answer, also sent to every page of the
// lab after each file it keeps, is `{ type: 'offline-status', version,
// site, paths }`: whether the whole site is kept, and every kept file's
// path relative to the lab's folder.

const VERSION = 'unstamped';
const SITE = ['./'];

// The lab's folder (the registration's scope): part of the caches' names, so
// two copies of the lab on one origin (github.io/a/ and github.io/b/) keep
// and delete only their own.
const SCOPE = self.registration.scope;
const PREFIX = `attention-lab ${SCOPE} `;
const CACHE = PREFIX + VERSION;

self.addEventListener('install', (event) => {
  event.waitUntil(install().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(activate());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || request.headers.has('range') || request.cache === 'no-store') return;
  if (new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(answer(event));
});

self.addEventListener('message', (event) => {
  const data = event.data || {};
  const source = event.source;
  if (data.type === 'keep' && Array.isArray(data.paths)) {
    event.waitUntil(keep(data.paths).then(() => tell([source])));
  } else if (data.type === 'status') {
    event.waitUntil(tell([source]));
  }
});

/** Fetches this version's site, and anew the task and language files the older versions kept. */
async function install() {
  const cache = await caches.open(CACHE);
  // Past the HTTP cache: an old version's file must not be kept under the new one.
  await cache.addAll(SITE.map((path) => new Request(path, { cache: 'no-cache' })));
  const older = await olderCaches();
  const kept = new Set();
  for (const name of older) {
    for (const request of await (await caches.open(name)).keys()) {
      const path = pathOf(request.url);
      if (path !== null && !SITE.includes(path)) kept.add(path);
    }
  }
  // A file that cannot be fetched now is fetched when next opened.
  await Promise.all([...kept].map((path) => cache.add(new Request(path, { cache: 'no-cache' })).catch(() => {})));
}

/** Deletes the older versions' caches, and takes the open pages of the lab. */
async function activate() {
  await Promise.all((await olderCaches()).map((name) => caches.delete(name)));
  await self.clients.claim();
  await tell(await pages());
}

/** This lab's caches of other versions. */
async function olderCaches() {
  return (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
}

/** The kept copy, else the network's answer (kept if it is whole and good). */
async function answer(event) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  // A page's address carries the lab's state in its query: any query opens the kept page.
  const options = { ignoreSearch: request.mode === 'navigate' };
  const past = request.cache === 'reload' || request.cache === 'no-cache';
  if (!past) {
    const kept = await cache.match(request, options);
    if (kept) return kept;
  }
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const kept = past ? await cache.match(request, options) : undefined;
    if (kept) return kept;
    throw error;
  }
  if (keepable(request, response)) event.waitUntil(put(cache, request, response.clone()));
  return response;
}

/**
 * A whole, good answer of this origin to a plain address: not an error, not
 * a part, not a redirect, and not a page's address with its query (the
 * page itself is kept once, as SITE's).
 */
function keepable(request, response) {
  return response.status === 200 && response.type === 'basic' && !response.redirected
    && request.mode !== 'navigate' && new URL(request.url).search === '';
}

/** Keeps `response`, then tells the open pages. A body that breaks off is not kept. */
async function put(cache, request, response) {
  try {
    await cache.put(request, response);
  } catch (_) {
    return;
  }
  await tell(await pages());
}

/** Keeps the files at `paths` (relative to the lab's folder) not kept yet. */
async function keep(paths) {
  const cache = await caches.open(CACHE);
  await Promise.all(paths.filter((path) => typeof path === 'string').map(async (path) => {
    const url = new URL(path, SCOPE);
    if (url.origin !== self.location.origin || (await cache.match(url))) return;
    // `add` refuses an answer that is not ok, and keeps nothing of a body that breaks off.
    await cache.add(url).catch(() => {});
  }));
}

/** The open pages of the lab, controlled or not yet. */
function pages() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

/** Tells `clients` what is kept. */
async function tell(clients) {
  const cache = await caches.open(CACHE);
  const paths = (await cache.keys()).map((request) => pathOf(request.url)).filter((path) => path !== null);
  const site = SITE.every((path) => paths.includes(path));
  const status = { type: 'offline-status', version: VERSION, site, paths };
  for (const client of clients) if (client) client.postMessage(status);
}

/** `url`'s path relative to the lab's folder ('./' for the folder itself), or null outside it. */
function pathOf(url) {
  if (!url.startsWith(SCOPE)) return null;
  return url.slice(SCOPE.length) || './';
}
