// The JavaScript the home route needs before it renders: the entry, the chunks index.html
// preloads (its static imports) and the default-language (BN) messages loaded at start.
// Budget from DESIGN.md section 8: 170 KB gzipped. Run after `npm run build -w @kismat/web`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [
  ...html.matchAll(/<script type="module" crossorigin src="\/([^"]+)"/g),
  ...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)"/g),
].map((match) => match[1]);
const languageChunk = readdirSync(path.join(dist, 'assets')).find((file) => /^bn-[\w-]+\.js$/.test(file));
if (languageChunk) scripts.push(`assets/${languageChunk}`);

let total = 0;
const rows = [...new Set(scripts)].map((file) => {
  const gzipped = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gzipped;
  return { file, kb: (gzipped / 1024).toFixed(1) };
});
console.table(rows);
const totalKb = total / 1024;
console.log(`initial JS: ${totalKb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (totalKb > BUDGET_KB) process.exit(1);
