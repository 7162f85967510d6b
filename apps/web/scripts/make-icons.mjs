// Draws the app icons of the web app manifest from public/icons/icon.svg (run after editing the
// SVG: `node apps/web/scripts/make-icons.mjs`). "any" icons keep the transparent corners; the
// maskable one puts the mark inside the central 80 % safe zone on the theme colour, so a
// launcher's circle or squircle crop never cuts it. Palette PNGs keep each file a few KB.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const svg = readFileSync(path.join(dir, 'icon.svg'));
const BACKGROUND = '#0a0d22';

async function plain(size, file) {
  await sharp(svg, { density: (72 * size) / 40 })
    .resize(size, size)
    .png({ palette: true, compressionLevel: 9 })
    .toFile(path.join(dir, file));
}

async function onBackground(size, markShare, file) {
  const mark = Math.round(size * markShare);
  const drawn = await sharp(svg, { density: (72 * mark) / 40 })
    .resize(mark, mark)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: drawn, gravity: 'center' }])
    .png({ palette: true, compressionLevel: 9 })
    .toFile(path.join(dir, file));
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await onBackground(512, 0.6, 'icon-maskable-512.png');
// iOS ignores the manifest's icons and fills transparency with black: its own, on the theme colour.
await onBackground(180, 0.78, 'apple-touch-icon.png');
console.log('icons written to', dir);
