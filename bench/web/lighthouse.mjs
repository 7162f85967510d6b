// Lighthouse mobile performance of the member site: home, a game centre and the wallet (signed
// in as the demo player, in the same tab, so the session in sessionStorage is kept).
//
//   npm i --prefix /tmp/lh lighthouse@12      (kept out of the repository's lockfile)
//   LIGHTHOUSE_PREFIX=/tmp/lh node bench/web/lighthouse.mjs http://127.0.0.1:PORT
//
// Mobile preset (Lighthouse's default: Moto G Power viewport, 4x CPU slowdown, slow 4G,
// simulated throttling), Chromium at CHROME_PATH (default /usr/bin/chromium), headless.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const prefix = process.env.LIGHTHOUSE_PREFIX ?? '/tmp/lh';
const requireFrom = createRequire(path.join(prefix, 'node_modules', 'noop.js'));
const load = async (name) => import(pathToFileURL(requireFrom.resolve(name)).href);
const { default: lighthouse } = await load('lighthouse');
const { default: puppeteer } = await load('puppeteer-core');

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const runs = Number(process.env.RUNS ?? 1);
const PLAYER = { username: 'demoplayer', password: 'Demo@2025' };
const PAGES = [
  { name: 'home', path: '/', signedIn: false },
  { name: 'game centre (/sports)', path: '/sports', signedIn: false },
  { name: 'wallet (/member?page=depositv2)', path: '/member?page=depositv2', signedIn: true },
];

async function signIn(page) {
  await page.goto(`${base}/`, { waitUntil: 'networkidle0' });
  await page.evaluate(() => {
    localStorage.setItem('lang', 'EN');
    localStorage.setItem('hisLang', 'EN');
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle0' });
  // Popups first (announcements), as a person would.
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('Escape');
  await page.locator('header button::-p-text(Log in)').click();
  await page.locator('dialog input:not([type=password]), [role=dialog] input:not([type=password])').fill(PLAYER.username);
  await page.locator('[role=dialog] input[type=password], dialog input[type=password]').fill(PLAYER.password);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => Boolean(sessionStorage.getItem('token')), { timeout: 30_000 });
}

const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
const results = [];
try {
  const only = process.env.ONLY;
  for (const target of PAGES.filter((entry) => !only || entry.name.startsWith(only))) {
    for (let run = 0; run < runs; run += 1) {
      const page = await browser.newPage();
      if (target.signedIn) await signIn(page);
      const flags = { output: 'json', onlyCategories: ['performance'], disableStorageReset: target.signedIn, logLevel: 'error' };
      const result = await lighthouse(`${base}${target.path}`, flags, undefined, page);
      const lhr = result.lhr;
      const audit = (id) => lhr.audits[id]?.displayValue ?? '';
      const row = {
        page: target.name,
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        FCP: audit('first-contentful-paint'),
        LCP: audit('largest-contentful-paint'),
        TBT: audit('total-blocking-time'),
        CLS: audit('cumulative-layout-shift'),
        SI: audit('speed-index'),
        benchmarkIndex: lhr.environment.benchmarkIndex,
      };
      results.push(row);
      if (process.env.REPORT_DIR)
        writeFileSync(path.join(process.env.REPORT_DIR, `${target.name.split(' ')[0]}-${run}.json`), result.report);
      console.log(JSON.stringify(row));
      await page.close();
    }
  }
} finally {
  await browser.close();
}
console.table(results);
