// A real headless Chromium for the browser tests: @sparticuz/chromium carries the browser inside its
// npm package (unpacked to the temp directory on first use), puppeteer-core drives it. Nothing is
// downloaded at run time. Its Lambda flags that loosen the page's security (no same-origin policy,
// insecure content) are left out: the tests look at the page as a customer's browser would.
import chromium from '@sparticuz/chromium';
import puppeteer, { type Browser } from 'puppeteer-core';

const LOOSENING = new Set(['--disable-web-security', '--allow-running-insecure-content']);

export async function launchBrowser(): Promise<Browser> {
  // software rendering only: no GPU here, and no swiftshader to unpack
  chromium.setGraphicsMode = false;
  const args = chromium.args.filter((a) => !LOOSENING.has(a));
  return puppeteer.launch({
    executablePath: await chromium.executablePath(),
    args: await puppeteer.defaultArgs({ args, headless: 'shell' }),
    headless: 'shell',
  });
}
