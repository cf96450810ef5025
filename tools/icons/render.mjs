// Renders the web app's PNG icons from their SVGs with Debian's Chromium
// (playwright-core from tests/node_modules): web/icon.svg as icon-192.png and
// icon-512.png, web/icon-maskable.svg as icon-maskable-192.png and
// icon-maskable-512.png (the manifest's "purpose": "maskable").
//
//   node tools/icons/render.mjs
import { chromium } from '../../tests/node_modules/playwright-core/index.mjs';
import { readFileSync } from 'node:fs';

const web = new URL('../../web/', import.meta.url);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
for (const name of ['icon', 'icon-maskable']) {
  const svg = readFileSync(new URL(`${name}.svg`, web), 'utf8');
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('width="512" height="512"', `width="${size}" height="${size}"`);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.screenshot({ path: new URL(`${name}-${size}.png`, web).pathname, omitBackground: true });
    await page.close();
  }
}
await browser.close();
