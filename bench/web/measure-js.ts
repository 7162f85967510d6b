/**
 * JavaScript a page downloads as transferred (after content-encoding), measured in Chromium with
 * a mobile viewport: `npx tsx bench/web/measure-js.ts http://127.0.0.1:PORT/ [/wallet ...]`.
 * Prints two sums of encoded response sizes: the scripts finished before the page's `load` event
 * (the route's initial JS), and every script until the network is idle (the whole first visit,
 * lazy chunks the first screen imports after load included). BUDGET_KB=170 exits non-zero when
 * the initial JS of a page is above it.
 */
import { chromium } from 'playwright-core';

const [base = 'http://127.0.0.1:3000', ...pages] = process.argv.slice(2);
const budget = Number(process.env.BUDGET_KB ?? 0);
let failed = false;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const page of pages.length ? pages : ['/']) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      deviceScaleFactor: 2,
      serviceWorkers: 'block',
    });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Page.enable');
    // CDP events arrive in order on one session: a script finished before this was before load.
    let hasLoaded = false;
    let beforeLoad = 0;
    let beforeLoadCount = 0;
    cdp.on('Page.loadEventFired', () => {
      hasLoaded = true;
    });
    const scripts = new Map<string, { url: string; encoding: string }>();
    let transferred = 0;
    let decoded = 0;
    cdp.on('Network.responseReceived', (event) => {
      if (event.type !== 'Script') return;
      const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      scripts.set(event.requestId, { url: event.response.url, encoding: headers['content-encoding'] ?? 'none' });
    });
    const sizes = new Map<string, number>();
    cdp.on('Network.loadingFinished', (event) => {
      const script = scripts.get(event.requestId);
      if (!script) return;
      transferred += event.encodedDataLength;
      if (!hasLoaded) {
        beforeLoad += event.encodedDataLength;
        beforeLoadCount += 1;
      }
      sizes.set(script.url.replace(/^.*\/assets\//, ''), event.encodedDataLength);
    });
    cdp.on('Network.dataReceived', (event) => {
      if (scripts.has(event.requestId)) decoded += event.dataLength;
    });
    await tab.goto(new URL(page, base).href, { waitUntil: 'networkidle' });
    // A long script evaluation can look like a quiet network: wait for the lazy chunks too.
    await tab.waitForTimeout(4000);
    await tab.waitForLoadState('networkidle');
    const encodings = [...new Set([...scripts.values()].map((script) => script.encoding))].join(',');
    console.log(
      `${page}: initial JS (before load) ${(beforeLoad / 1024).toFixed(1)} KB in ${beforeLoadCount} scripts; whole first visit ${scripts.size} scripts, ${(transferred / 1024).toFixed(1)} KB transferred, ${(decoded / 1024).toFixed(1)} KB decoded, encoding ${encodings}`,
    );
    if (budget && beforeLoad / 1024 > budget) failed = true;
    if (process.env.VERBOSE)
      for (const [file, size] of [...sizes].sort((a, b) => b[1] - a[1]))
        console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${file}`);
    await context.close();
  }
} finally {
  await browser.close();
}
if (failed) {
  console.error(`initial JS above the ${budget} KB budget`);
  process.exit(1);
}
