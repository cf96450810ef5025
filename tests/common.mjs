// What the Playwright e2e suite (e2e/lab.mjs), the engines' driver
// (engines/driver.mjs) and the measuring and screenshot scripts share:
// Chromium's flags, the lab's address, how a test finds an element and
// waits for a value, and checks that run in the page whatever drives it.

/** The served lab (`cargo xtask serve`, or CI's own server). */
export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8080/';

/** The selector of the element whose `data-testid` is `id`. */
export const byTestId = (id) => `[data-testid="${id}"]`;

/**
 * Polls `read` until `accept(value)` holds; returns the value, or throws after
 * `timeout` ms, naming `what`. With `retryErrors`, a read that throws counts
 * as a value not yet accepted (a WebDriver read while the page navigates);
 * without, it fails the wait at once.
 */
export async function until(read, accept, timeout, what, retryErrors = false) {
  const deadline = Date.now() + timeout;
  let value;
  while (Date.now() < deadline) {
    value = await (retryErrors ? read().catch((e) => `(error: ${e.message})`) : read());
    if (accept(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out after ${timeout} ms waiting for ${what}; last value: ${JSON.stringify(value)}`);
}

/** Flags for a CI container: no sandbox (root), no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * Runs in the page (pass it to `page.evaluate`): the page's width against
 * the window's, and the elements of the views that end past the window's
 * right edge (the first 10). An element counts unless a box that fits the
 * window scrolls it (a wide number table, a long formula).
 */
export function pastTheRightEdge() {
  const W = window.innerWidth;
  const scrolledInside = (e, section) => {
    for (let a = e.parentElement; a && a !== section; a = a.parentElement) {
      const o = getComputedStyle(a).overflowX;
      if ((o === 'auto' || o === 'scroll' || o === 'hidden') && a.getBoundingClientRect().right <= W + 1) return true;
    }
    return false;
  };
  const over = [];
  for (const section of document.querySelectorAll('main > section')) {
    for (const e of section.querySelectorAll('*')) {
      const r = e.getBoundingClientRect();
      if (r.width > 0 && r.right > W + 1 && !scrolledInside(e, section)) {
        over.push(`${section.id || section.className}: <${e.tagName.toLowerCase()} class="${e.className}"> ends at ${Math.round(r.right)}`);
      }
    }
  }
  return { page: document.documentElement.scrollWidth, window: W, over: over.slice(0, 10) };
}
