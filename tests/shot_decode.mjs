// Screenshots of the decoding step-through: greedy, beam search and sampling.
import { launch, openLab, byTestId } from './e2e/lab.mjs';

const [locale = 'en', task = 'en-ja', sentence = 'the big dog sees a small cat', out = '/tmp/shots'] = process.argv.slice(2);
const browser = await launch();
const { page, errors } = await openLab(browser, `?lang=${locale}&task=${task}`);
await page.locator(byTestId('translate-input')).fill(sentence);
await page.locator(byTestId('decode-topk')).waitFor();
const stepper = page.locator('.decode-stepper');
await page.locator(byTestId('decode-strategy')).selectOption('beam');
await page.locator(byTestId('beam-tree')).waitFor();
await page.locator(byTestId('decode-next')).click();
await page.waitForTimeout(300);
await stepper.scrollIntoViewIfNeeded();
await stepper.screenshot({ path: `${out}/beam-${locale}-${task}.png` });
await page.locator(byTestId('decode-compare')).click();
await page.waitForFunction(() => {
  const el = document.querySelector('[data-testid="decode-compare-result"]');
  return el && /\d/.test(el.textContent);
}, null, { timeout: 60_000 });
await page.locator('.beam').screenshot({ path: `${out}/beam-compare-${locale}-${task}.png` });
console.log('compare:', await page.locator(byTestId('decode-compare-result')).innerText());
await page.locator(byTestId('decode-strategy')).selectOption('sample');
await page.locator(byTestId('sample-temperature')).fill('1.5');
await page.locator(byTestId('sample-temperature')).dispatchEvent('change');
await page.waitForTimeout(800);
await stepper.scrollIntoViewIfNeeded();
await stepper.screenshot({ path: `${out}/sample-${locale}-${task}.png` });
console.log('hyps:', await page.locator(byTestId('beam-hyp')).count(), 'errors:', errors);
await browser.close();
