// Screenshots of the views whose words issue 44 changed, in one language:
// the compare view's layer diagram with its sources, the padding mask, the
// smoothing view, the PE view's "why × √d_model", the beam search's
// conventions and the inside-head scaling note.
//   node tests/shot_words.mjs LANG OUT
import { launch, openLab, byTestId } from './e2e/lab.mjs';

const [locale = 'en', out = '/tmp/shots'] = process.argv.slice(2);
const browser = await launch();
const { page, errors } = await openLab(browser, `?lang=${locale}`);
async function shot(selector, name) {
  const el = page.locator(selector).first();
  await el.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await el.screenshot({ path: `${out}/${name}-${locale}.png` });
  console.log(`## ${name}\n${(await el.innerText()).slice(0, 1500)}`);
}
await shot('.layer-diagram', 'layer-diagram');
await shot(`${byTestId('mask-view')}`, 'masks');
await shot('#smoothing', 'smoothing');
await page.locator(byTestId('pe-input-table')).waitFor();
await shot(byTestId('pe-input'), 'pe-input');
await page.locator(byTestId('translate-input')).fill('the big dog sees a small cat');
await page.locator(byTestId('decode-topk')).waitFor();
await page.locator(byTestId('decode-strategy')).selectOption('beam');
await page.locator(byTestId('beam-tree')).waitFor();
await shot(byTestId('beam-conventions'), 'beam-conventions');
await shot(byTestId('compare-axis'), 'compare-axis');
console.log('axis options:', await page.locator(`${byTestId('compare-axis')} option`).allTextContents());
console.log('errors:', errors);
await browser.close();
