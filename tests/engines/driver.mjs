// One small driver, so that the same test body runs in each browser engine a
// classroom has: ENGINE=chromium | firefox | webkit.
//
// - Chromium and Firefox through puppeteer-core: Chromium over the DevTools
//   protocol, Firefox over WebDriver BiDi, the W3C protocol Firefox itself
//   implements (no geckodriver, which Debian does not package). Playwright,
//   which the main e2e tests use, drives only its own patched Firefox and
//   WebKit builds, which would be downloads: Debian's firefox-esr is not one.
// - WebKit through selenium-webdriver, the Selenium project's W3C WebDriver
//   client, talking to WebKitGTK's own driver (WebKitWebDriver, Debian's
//   webkit2gtk-driver), which starts its MiniBrowser. That driver speaks
//   classic WebDriver only (a session asking for BiDi, `webSocketUrl`, is
//   refused), so puppeteer cannot drive it. MiniBrowser needs an X display:
//   run WebKit under `xvfb-run -a -s "-screen 0 1920x1200x24 -noreset"`
//   (`cargo xtask engines-e2e` does; why -noreset: NEW_SESSION_MS).
//
// Each engine is the system's (Debian's), never a downloaded one. A page is
// opened in fresh storage every time: a new browser context in puppeteer (a
// Firefox user context; puppeteer also gives Firefox a new profile folder
// on every launch), a new WebDriver session in WebKit (what one MiniBrowser
// session stores, the next does not see). The lab's service worker runs, as
// for a reader (the Chromium e2e suite blocks it to route requests).
//
// The page API is what the subset needs and no more: goto, reload, evaluate
// (a function run in the page, its result as JSON), click, fill, select,
// press, viewport and close, and `errors()`, the page's uncaught exceptions
// and console errors as far as the engine lets them be seen (in WebKit, from
// the moment the page's document is reached: see `ERROR_HOOK`). A viewport
// narrower than MiniBrowser's window can be (a phone's) is, in WebKit, an
// iframe of that size around the lab, and every command goes into it
// (`frameOf`); `framed` is then its size.
import { spawn } from 'node:child_process';
import puppeteer from 'puppeteer-core';
import webdriver from 'selenium-webdriver';
import http from 'selenium-webdriver/http/index.js';
import portprober from 'selenium-webdriver/net/portprober.js';
import { BASE_URL, CHROMIUM_ARGS, byTestId, until as waitFor } from '../common.mjs';

export { BASE_URL, byTestId };

export const ENGINE = process.env.ENGINE ?? 'chromium';
export const ENGINES = ['chromium', 'firefox', 'webkit'];

/** The browser of `engine` (default: ENGINE), launched. */
export async function launch(engine = ENGINE) {
  if (engine === 'chromium' || engine === 'firefox') return launchPuppeteer(engine);
  if (engine === 'webkit') return launchWebKit();
  throw new Error(`ENGINE=${engine}: not one of ${ENGINES.join(', ')}`);
}

async function launchPuppeteer(engine) {
  // A protocol call unanswered for 45 s fails (puppeteer's default is 180 s), as in WebKit.
  const browser = await puppeteer.launch(engine === 'chromium'
    ? { browser: 'chrome', executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true, protocolTimeout: 45_000 }
    : { browser: 'firefox', executablePath: process.env.FIREFOX ?? '/usr/bin/firefox-esr', headless: true, protocolTimeout: 45_000 });
  return {
    engine,
    version: await browser.version(),
    async open(query, { width = 1400, height = 1000 } = {}) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      await page.setViewport({ width, height });
      const lab = {
        errors: async () => errors,
        goto: (q) => page.goto(`${BASE_URL}${q}`),
        reload: () => page.reload(),
        evaluate: (fn, ...args) => page.evaluate(fn, ...args),
        click: (selector) => page.click(selector),
        fill: (selector, text) => page.locator(selector).fill(text),
        select: (selector, value) => selectInPage(lab, selector, value),
        press: (key) => page.keyboard.press(key),
        viewport: () => page.evaluate(() => ({ width: innerWidth, height: innerHeight })),
        close: () => context.close(),
      };
      await lab.goto(query);
      return lab;
    },
    close: () => browser.close(),
  };
}

/**
 * Chooses `value` in a <select> as a person's choice reaches the page: the
 * value, then `input` and `change` (what puppeteer's `page.select` does, in
 * every engine alike: clicking an <option> opens a native popup in MiniBrowser).
 */
function selectInPage(lab, selector, value) {
  return lab.evaluate((s, v) => {
    const select = document.querySelector(s);
    if (![...select.options].some((o) => o.value === v)) throw new Error(`${s} has no option ${v}`);
    select.value = v;
    select.dispatchEvent(new Event('input', { bubbles: true }));
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, selector, value);
}

/**
 * WebKitWebDriver on a free port of 127.0.0.1. `--replace-on-new-session`:
 * it keeps one session at a time, and a session left stuck by a failed test
 * must not refuse the next test's.
 */
async function startWebKitDriver() {
  if (!process.env.DISPLAY) throw new Error('WebKit needs an X display: run under xvfb-run -a (cargo xtask engines-e2e does)');
  const port = await portprober.findFreePort('127.0.0.1');
  const args = [`--port=${port}`, '--host=local', '--replace-on-new-session'];
  const child = spawn(process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const said = [];
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text) => said.push(text));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited (${child.exitCode}): ${said.join('')}`);
    const ready = await fetch(`${url}/status`).then((r) => r.json()).then((s) => s.value?.ready).catch(() => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not answer on ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, child, said };
}

/** Stops a WebKitWebDriver (and so its MiniBrowser). */
async function stopWebKitDriver(server) {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => (server.child.exitCode !== null ? resolve() : server.child.once('exit', resolve)));
}

/**
 * A new session opens MiniBrowser within about 1 s. When MiniBrowser cannot
 * open the X display, the driver waits for it for ever: that happened about
 * once in 12 runs while the X server reset itself as the last test's window
 * closed, until it ran with `-noreset` (xtask's `subset.rs`). Past this, a
 * fresh driver is tried once, and the run says why.
 */
const NEW_SESSION_MS = 15_000;

/**
 * Classic WebDriver has no console log and no script that runs before the
 * page's own (MiniBrowser's `--enable-write-console-messages-to-stdout` did
 * not reach the driver's output), so in WebKit the page's errors are caught
 * by this hook, installed as soon as a document has loaded: uncaught
 * exceptions, rejected promises and console.error from then on. An error
 * while the page loads shows up as what it breaks (no model, no drawing).
 */
const ERROR_HOOK = () => {
  if (window.__engineErrors) return;
  window.__engineErrors = [];
  addEventListener('error', (e) => window.__engineErrors.push(`pageerror: ${e.message}`));
  addEventListener('unhandledrejection', (e) => window.__engineErrors.push(`unhandled rejection: ${e.reason}`));
  const consoleError = console.error.bind(console);
  console.error = (...args) => {
    window.__engineErrors.push(`console: ${args.join(' ')}`);
    consoleError(...args);
  };
};

/**
 * How long one WebDriver command may take. The HTTP client waits for ever,
 * and a WebKitWebDriver command that never answered once held a whole run
 * until CI's limit: past this, the command fails and names itself.
 */
const COMMAND_MS = 45_000;

/** `promise`, or an error naming `what` if it has not settled within `ms`. */
function answered(what, promise, ms = COMMAND_MS) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`WebKitWebDriver: ${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The difference between MiniBrowser's window and the page's viewport (its header bar), measured once. */
let windowChrome = null;

const WEBDRIVER_KEYS = { ArrowRight: webdriver.Key.ARROW_RIGHT, ArrowLeft: webdriver.Key.ARROW_LEFT, Escape: webdriver.Key.ESCAPE, Home: webdriver.Key.HOME, Space: ' ' };

/** The function's source, run where the page's scripts run; a promise it returns is awaited, its error sent back. */
const asyncScript = (fn) => `
  const done = arguments[arguments.length - 1];
  const args = Array.prototype.slice.call(arguments, 0, -1);
  Promise.resolve().then(() => (${fn.toString()})(...args))
    .then((value) => done({ value: value === undefined ? null : value }),
      (e) => done({ error: e instanceof Error ? e.message + ' ' + e.stack : String(e) }));`;

/** A new WebDriver session on `server`: MiniBrowser started, its capabilities read. */
async function newSession(server) {
  const capabilities = new webdriver.Capabilities({
    'webkitgtk:browserOptions': { args: ['--automation'] },
  });
  const driver = webdriver.WebDriver.createSession(new http.Executor(new http.HttpClient(server.url)), capabilities);
  const started = await answered('new session', driver.getCapabilities(), NEW_SESSION_MS);
  return { driver, version: `MiniBrowser ${started.get('browserVersion')}` };
}

async function launchWebKit() {
  let server = await startWebKitDriver();
  let version = 'WebKitGTK';
  return {
    engine: 'webkit',
    get version() { return version; },
    async open(query, { width = 1400, height = 1000 } = {}) {
      let session;
      try {
        session = await newSession(server);
      } catch (first) {
        const said = server.said.join('').trim().slice(-300);
        console.log(`# ${first.message} (the driver said: ${JSON.stringify(said)}): a fresh WebKitWebDriver, once`);
        await stopWebKitDriver(server);
        server = await startWebKitDriver();
        session = await newSession(server);
      }
      const { driver } = session;
      ({ version } = session);
      // The page's own limit on a script, below the command's.
      await answered('set timeouts', driver.manage().setTimeouts({ script: COMMAND_MS - 5_000 }));
      // The element, scrolled to the middle of the window first, as a person
      // would (and puppeteer does): WebKit refuses to interact with an
      // element of a view whose rendering is skipped (`content-visibility`).
      const inSight = async (selector) => {
        const element = await answered(`find ${selector}`, driver.findElement(webdriver.By.css(selector)));
        await answered(`scroll to ${selector}`, driver.executeScript((e) => e.scrollIntoView({ block: 'center' }), element));
        return element;
      };
      // The errors of the documents this page has left, and a way to read them.
      const earlier = [];
      const harvest = () => lab.evaluate(() => window.__engineErrors ?? []).catch(() => []);
      const hooked = (what, navigate) => async (...args) => {
        earlier.push(...await harvest());
        await answered(what, navigate(...args));
        await lab.evaluate(ERROR_HOOK);
      };
      // Set by `open` when the lab runs in an iframe (`frameOf`).
      let frame = null;
      const lab = {
        /** The iframe's size, when the lab runs in one, else null. */
        get framed() { return frame?.size ?? null; },
        errors: async () => [...earlier, ...await harvest()],
        goto: hooked('navigate', (q) => (frame ? frame.goto(`${BASE_URL}${q}`) : driver.get(`${BASE_URL}${q}`))),
        reload: hooked('reload', () => (frame ? frame.reload() : driver.navigate().refresh())),
        evaluate: async (fn, ...args) => {
          const answer = await answered('execute async script', driver.executeAsyncScript(asyncScript(fn), ...args));
          if (answer.error) throw new Error(answer.error);
          return answer.value;
        },
        click: async (selector) => answered(`click ${selector}`, (await inSight(selector)).click()),
        fill: async (selector, text) => {
          const input = await inSight(selector);
          await answered(`clear ${selector}`, input.clear());
          await answered(`type into ${selector}`, input.sendKeys(text));
        },
        select: (selector, value) => selectInPage(lab, selector, value),
        press: (key) => answered(`press ${key}`, driver.actions().sendKeys(WEBDRIVER_KEYS[key] ?? key).perform()),
        viewport: () => lab.evaluate(() => ({ width: innerWidth, height: innerHeight })),
        // A session that does not end is replaced by the next one (--replace-on-new-session).
        close: () => answered('end the session', driver.quit(), 10_000).catch(() => {}),
      };
      try {
        const reached = await setViewport(driver, lab, width, height);
        if (reached.width > width || reached.height > height) frame = frameOf(driver, lab, { width, height });
        await lab.goto(query);
      } catch (error) {
        await lab.close();
        throw error;
      }
      return lab;
    },
    close: () => stopWebKitDriver(server),
  };
}

/**
 * A viewport of `width` × `height` CSS px as near as MiniBrowser allows: the
 * window is the viewport plus its header bar. Returns the viewport reached.
 * MiniBrowser keeps its window at least about 447 px wide, so a narrower
 * viewport is not reached (then `open` puts the lab in an iframe of the size
 * asked: `frameOf`).
 */
async function setViewport(driver, lab, width, height) {
  const window = driver.manage().window();
  const viewport = () => lab.evaluate(() => ({ width: innerWidth, height: innerHeight }));
  if (windowChrome === null) {
    const outer = await answered('get the window', window.getRect());
    const inner = await viewport();
    windowChrome = { width: outer.width - inner.width, height: outer.height - inner.height };
  }
  const rect = { x: 0, y: 0, width: width + windowChrome.width, height: height + windowChrome.height };
  await answered(`resize the window to ${rect.width} × ${rect.height}`, window.setRect(rect));
  return viewport();
}

/**
 * A path the site does not have: the server answers it with its 404 page, a
 * document of the lab's origin that `frameOf` replaces with the frame.
 */
const FRAME_PAGE = 'engines-frame-of-the-lab';

/**
 * The lab in an iframe of exactly `size` (CSS px), for a viewport smaller
 * than MiniBrowser's window can be: an iframe is a viewport of its own, the
 * one the lab's media queries, `innerWidth` and `position: fixed` go by. The
 * page around it is of the lab's origin (`FRAME_PAGE`), so the lab is not a
 * third-party frame: its storage and its service worker are a reader's. Each
 * navigation builds the frame anew and turns WebDriver's commands (scripts,
 * clicks, keys) into it: `goto(url)` and `reload()`, as `lab`'s.
 */
function frameOf(driver, lab, size) {
  const intoTheFrame = async (load, ...args) => {
    await answered('switch to the top page', driver.switchTo().defaultContent());
    await lab.evaluate(load, ...args);
    const iframe = await answered('find the iframe', driver.findElement(webdriver.By.css('iframe')));
    await answered('switch into the iframe', driver.switchTo().frame(iframe));
  };
  // Each runs in the top page, and ends when the iframe's document has loaded.
  const build = (url, { width, height }) => new Promise((resolve) => {
    const iframe = document.createElement('iframe');
    iframe.style.cssText = `display: block; border: 0; width: ${width}px; height: ${height}px`;
    iframe.addEventListener('load', () => resolve(), { once: true });
    iframe.src = url;
    document.body.style.margin = '0';
    document.body.replaceChildren(iframe);
  });
  const reload = () => new Promise((resolve) => {
    const iframe = document.querySelector('iframe');
    iframe.addEventListener('load', () => resolve(), { once: true });
    iframe.contentWindow.location.reload();
  });
  return {
    size,
    goto: async (url) => {
      await answered(`navigate to ${FRAME_PAGE}`, driver.get(`${BASE_URL}${FRAME_PAGE}`));
      await intoTheFrame(build, url, size);
    },
    reload: () => intoTheFrame(reload),
  };
}

// Helpers that read the page through its data-testid hooks, the same in every engine.

/** `until` of common.mjs, a read that throws retried (a WebDriver read while the page navigates). */
export const until = (read, accept, timeout, what) => waitFor(read, accept, timeout, what, true);

/** The text of the first element with data-testid `id`, or '' while there is none. */
export const text = (page, id) => page.evaluate((s) => document.querySelector(s)?.textContent ?? '', byTestId(id));

/** Waits until the worker has a model and Train can be pressed. */
export const waitForModel = (page, timeout = 60_000) => until(
  () => page.evaluate((s) => { const b = document.querySelector(s); return !!b && !b.disabled; }, byTestId('train-toggle')),
  (ready) => ready === true, timeout, 'a model (Train enabled)');

export const stepCount = (page) => text(page, 'step-count').then((t) => Number.parseInt(t, 10));

/** Whether training runs, as the Train button says. */
export const running = (page) => page.evaluate((s) => document.querySelector(s)?.dataset.running === 'true', byTestId('train-toggle'));

/** How many distinct colours the first canvas with data-testid `id` shows (a blank canvas shows at most 1). */
export const canvasColours = (page, id) => page.evaluate((s) => {
  const canvas = document.querySelector(s);
  if (!canvas || canvas.width === 0 || canvas.height === 0) return 0;
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  const seen = new Set();
  for (let i = 0; i < data.length && seen.size < 64; i += 4 * 7) {
    seen.add((data[i] << 24) | (data[i + 1] << 16) | (data[i + 2] << 8) | data[i + 3]);
  }
  return seen.size;
}, byTestId(id));

/** What the page shows of its run, for a failure's message. */
const runState = (page) => page.evaluate(() => {
  const read = (id) => document.querySelector(`[data-testid="${id}"]`)?.textContent.trim();
  const train = document.querySelector('[data-testid="train-toggle"]');
  return {
    url: location.href, model: read('model-origin'), step: read('step-count'), saved: read('save-note'),
    banner: read('error-message'), train: train ? { disabled: train.disabled, running: train.dataset.running } : null,
  };
});

/**
 * Opens the lab at `query` in fresh storage and waits for its model; closes
 * it after `body`. A failure's message ends with what the page showed then
 * (its model, step, save, banner and errors): a run of CI is all there is to
 * read when an engine fails there.
 */
export async function withLab(browser, query, body, viewport = {}) {
  const page = await browser.open(query, viewport);
  try {
    await waitForModel(page);
    await body(page);
  } catch (error) {
    // Read briefly: a page that stopped answering must not hold the run.
    const brief = (promise) => Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error('no answer within 10 s')), 10_000))]);
    const state = await brief(runState(page)).catch((e) => `unreadable: ${e.message}`);
    const errors = await brief(page.errors()).catch((e) => [`unreadable: ${e.message}`]);
    error.message += `\n  the page then: ${JSON.stringify(state)}\n  its errors: ${JSON.stringify(errors)}`;
    throw error;
  } finally {
    await page.close();
  }
}
