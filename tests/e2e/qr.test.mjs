// End-to-end tests of the QR code of the current link (issue 48): shown
// beside Copy link and in presentation mode, large, and scanned back by a
// decoder (jsQR) from a screenshot of what the page draws.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { byTestId, launch, openLab, until } from './lab.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** jsQR's browser build, to read a code where its pixels are. */
const JSQR = createRequire(import.meta.url).resolve('jsqr');

/**
 * The text of the QR code `locator` shows, read from a screenshot of it as a
 * phone's camera would: the PNG is turned into pixels in a blank page, where
 * jsQR reads them.
 */
async function scan(context, locator) {
  const png = await locator.screenshot();
  const blank = await context.newPage();
  try {
    await blank.addScriptTag({ path: JSQR });
    return await blank.evaluate(async (base64) => {
      const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(bitmap, 0, 0);
      const image = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      return globalThis.jsQR(image.data, image.width, image.height)?.data ?? null;
    }, png.toString('base64'));
  } finally {
    await blank.close();
  }
}

/** The QR dialog's code: its box, and the link printed under it. */
async function openQr(page, toggle) {
  await toggle.click();
  const code = page.locator(`${byTestId('qr-dialog')} svg${byTestId('qr-code')}`);
  await code.waitFor();
  const box = await code.boundingBox();
  const url = await page.locator(byTestId('qr-url')).innerText();
  return { code, box, url };
}

test('QR code beside Copy link: it decodes to the link Copy link gives, drawn large enough for a room', async () => {
  const viewport = { width: 1366, height: 768 };
  const { context, page, errors } = await openLab(browser, '?lang=ja&view=masks', { viewport });
  try {
    await page.locator(byTestId('copy-link')).click();
    const copied = await page.locator(byTestId('copy-link-url')).inputValue();
    const toggle = page.locator(`.lab-menu ${byTestId('qr-toggle')}`);
    assert.match(await toggle.innerText(), /QR/);
    const { code, box, url } = await openQr(page, toggle);
    assert.equal(url, copied);
    assert.ok(box.width >= 0.6 * viewport.height && box.width <= viewport.width, `the code is ${box.width} px wide`);
    assert.equal(await scan(context, code), copied);
    // Escape closes the dialog.
    await page.keyboard.press('Escape');
    await until(() => page.locator(byTestId('qr-dialog')).count(), (n) => n === 0, 5_000, 'the dialog closed');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('QR code in presentation mode: it decodes to the link of the panel shown, and Escape keeps presentation mode', async () => {
  const viewport = { width: 1920, height: 1080 };
  const { context, page, errors } = await openLab(browser, '?present=1&view=noam', { viewport });
  try {
    await page.keyboard.press('ArrowRight');
    await until(() => page.locator(byTestId('present-counter')).innerText(), (c) => c.startsWith('7 / 10'), 5_000, 'panel 7');
    const { code, box, url } = await openQr(page, page.locator(`.present-bar ${byTestId('qr-toggle')}`));
    assert.ok(box.width >= 0.6 * viewport.height, `the code is ${box.width} px wide`);
    const decoded = await scan(context, code);
    assert.equal(decoded, url);
    const query = new URL(decoded).searchParams;
    assert.equal(query.get('present'), '1');
    assert.equal(query.get('view'), 'smoothing');
    await page.keyboard.press('Escape');
    await until(() => page.locator(byTestId('qr-dialog')).count(), (n) => n === 0, 5_000, 'the dialog closed');
    assert.ok(await page.evaluate(() => document.documentElement.classList.contains('present')), 'still presenting');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
