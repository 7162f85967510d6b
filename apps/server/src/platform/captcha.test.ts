import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantCaptcha } from '../test/factories';
import { createTestDatabase } from '../test/test-database';
import { CAPTCHA_ALPHABET, CAPTCHA_LOOKALIKES, consumeCaptcha, drawCaptchaSvg, issueCaptcha } from './captcha';
import type { Database } from './db';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('captcha legibility (issue 12 item 14)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('draws from an alphabet with no look-alike pairs', () => {
    for (const confusable of ['0', 'O', 'Q', '1', 'I', 'L']) expect(CAPTCHA_ALPHABET).not.toContain(confusable);
    for (const [missing, shown] of Object.entries(CAPTCHA_LOOKALIKES)) {
      expect(CAPTCHA_ALPHABET).not.toContain(missing);
      expect(CAPTCHA_ALPHABET).toContain(shown);
    }
    // Still about 390,000 answers for one guess per image.
    expect(CAPTCHA_ALPHABET.length ** 4).toBeGreaterThan(300_000);
  });

  it('accepts the answer in any case and a typed look-alike, once', async () => {
    const lower = await plantCaptcha(database.db, 'K8A5');
    expect(await consumeCaptcha(database.db, { id: lower, answer: ' k8a5 ', now: new Date() })).toBe(true);
    expect(await consumeCaptcha(database.db, { id: lower, answer: 'K8A5', now: new Date() })).toBe(false);

    const twin = await plantCaptcha(database.db, 'V2M6');
    expect(await consumeCaptcha(database.db, { id: twin, answer: 'uzmG', now: new Date() })).toBe(true);

    const wrong = await plantCaptcha(database.db, 'HRT4');
    expect(await consumeCaptcha(database.db, { id: wrong, answer: 'HRT7', now: new Date() })).toBe(false);
  });

  it('draws dark ink on a light ground, each glyph turned on its own, with noise across the text', () => {
    const svg = drawCaptchaSvg('K8AX');
    const background = /<rect [^>]*fill="(#[0-9a-f]{6})"/.exec(svg)?.[1] ?? '';
    const glyphs = [...svg.matchAll(/<g transform="translate\([^)]*\) rotate\((-?\d+)\)" fill="(#[0-9a-f]{6})"/g)];
    expect(glyphs).toHaveLength(4);
    for (const [, , ink] of glyphs) expect(contrast(ink ?? '', background)).toBeGreaterThanOrEqual(7);
    expect(svg.match(/<path d="M[^"]*" stroke=/g)?.length).toBe(2);
  });

  it('issues a PNG at twice the size the forms show it', async () => {
    const issued = await issueCaptcha(database.db, { clientKey: 'legibility-test', now: new Date(), ttlSeconds: 120 });
    const meta = await sharp(Buffer.from(issued.pngBase64, 'base64')).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([320, 112]);
  });
});
