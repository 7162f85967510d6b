import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { CAPTCHA_COOKIE, CAPTCHA_ID_HEADER } from '@kismat/contracts/session';
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { captchas } from '../db/schema/accounts';
import type { DbOrTx } from './db';
import { AppError } from './errors';

// svg-captcha's default export renders given text; its own text generator uses Math.random,
// whose state can be recovered from outputs, so the answer is drawn here with crypto.randomInt.
// It is asked for one glyph at a time (its outline font and per-point jitter) and the picture is
// composed here: each glyph turned and lifted on its own so a fixed-grid segmenter finds no
// baseline, two curves through the text against OCR, and dark ink on a light ground so a person
// reads it at the 114x40 the forms show (issue 12: 2 of 8 honest entries were refused).
const renderSvg = createRequire(import.meta.url)('svg-captcha') as (text: string, options: Record<string, unknown>) => string;

/**
 * Look-alikes are left out: 0/O/Q entirely, 1/I/L entirely, and one of each of 2/Z, 5/S, 6/G,
 * 8/B and U/V; what a person types for the missing twin is read as the one shown.
 */
export const CAPTCHA_ALPHABET = 'ACDEFHJKMNPRTVWXY23456789';
/** A typed character that is the look-alike of one in the alphabet counts as that one. */
export const CAPTCHA_LOOKALIKES: Readonly<Record<string, string>> = { Z: '2', S: '5', G: '6', B: '8', U: 'V' };
const CAPTCHA_LENGTH = 4;
const CAPTCHA_WIDTH = 160;
const CAPTCHA_HEIGHT = 56;
const CAPTCHA_FONT_SIZE = 50;
/** Ink: every colour has at least 7:1 contrast on the background. */
const CAPTCHA_INKS = ['#1d3557', '#6a040f', '#14532d', '#3c096c', '#7c2d12', '#1f2937'];
const CAPTCHA_BACKGROUND = '#f7f4ec';
/** "Refresh no faster than once per second" (spec section 5, throttles). */
export const CAPTCHA_REFRESH_MS = 1000;

/** What a typed answer means: trimmed, upper case, look-alikes read as the character shown. */
export function normaliseCaptchaAnswer(answer: string): string {
  return [...answer.trim().toUpperCase()].map((character) => CAPTCHA_LOOKALIKES[character] ?? character).join('');
}

/** The stored form of an answer; exported so tests can plant a captcha whose answer they know. */
export function answerHash(id: string, answer: string): Buffer {
  return createHash('sha256')
    .update(`${id}:${normaliseCaptchaAnswer(answer)}`)
    .digest();
}

/** A whole number in [min, max] from the crypto generator. */
function between(min: number, max: number): number {
  return min + randomInt(max - min + 1);
}

/** The outline of one character as svg-captcha draws it, centred on (0, 0). */
function glyphPath(character: string): string {
  const box = CAPTCHA_FONT_SIZE * 1.4;
  const svg = renderSvg(character, { width: box, height: box, fontSize: CAPTCHA_FONT_SIZE, noise: 0, color: false });
  const match = /<path[^>]* d="([^"]+)"/.exec(svg);
  if (!match?.[1]) throw new Error('svg-captcha drew no glyph');
  return `<path transform="translate(${-box / 2} ${-box / 2})" d="${match[1]}"/>`;
}

/** A curve from the left edge to the right one, crossing the text band. */
function noiseCurve(ink: string, width: number): string {
  const y = () => between(14, CAPTCHA_HEIGHT - 14);
  return `<path d="M${between(0, 12)} ${y()} C${between(30, 70)} ${between(0, CAPTCHA_HEIGHT)},${between(90, 130)} ${between(0, CAPTCHA_HEIGHT)},${between(CAPTCHA_WIDTH - 12, CAPTCHA_WIDTH)} ${y()}" stroke="${ink}" stroke-width="${width}" fill="none" stroke-linecap="round"/>`;
}

/** The SVG of a captcha showing `text`. */
export function drawCaptchaSvg(text: string): string {
  const cell = (CAPTCHA_WIDTH - 16) / text.length;
  const glyphs = [...text].map((character, index) => {
    const ink = CAPTCHA_INKS[randomInt(CAPTCHA_INKS.length)];
    const x = 8 + cell * (index + 0.5) + between(-3, 3);
    const y = CAPTCHA_HEIGHT / 2 - 2 + between(-4, 4);
    // The outline font draws hollow strokes; a stroke of the same ink fills them in enough to read.
    return `<g transform="translate(${x} ${y}) rotate(${between(-18, 18)})" fill="${ink}" stroke="${ink}" stroke-width="1.6" stroke-linejoin="round">${glyphPath(character)}</g>`;
  });
  const curves = [noiseCurve(CAPTCHA_INKS[randomInt(CAPTCHA_INKS.length)] ?? '#1f2937', 2), noiseCurve('#8d99ae', 1.5)];
  const speckles = Array.from(
    { length: 14 },
    () => `<circle cx="${between(2, CAPTCHA_WIDTH - 2)}" cy="${between(2, CAPTCHA_HEIGHT - 2)}" r="1.2" fill="#8d99ae"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}"><rect width="100%" height="100%" fill="${CAPTCHA_BACKGROUND}"/>${speckles.join('')}${glyphs.join('')}${curves.join('')}</svg>`;
}

export interface IssuedCaptcha {
  id: string;
  pngBase64: string;
  expiresAt: Date;
}

/** A new single-use captcha for this client; refused (RATE_LIMITED) within a second of the previous one. */
export async function issueCaptcha(db: DbOrTx, input: { clientKey: string; now: Date; ttlSeconds: number }): Promise<IssuedCaptcha> {
  const previous = await db
    .select({ createdAt: captchas.createdAt })
    .from(captchas)
    .where(and(eq(captchas.clientKey, input.clientKey), gt(captchas.createdAt, new Date(input.now.getTime() - CAPTCHA_REFRESH_MS))))
    .orderBy(desc(captchas.createdAt))
    .limit(1);
  if (previous[0]) throw new AppError('RATE_LIMITED', { value: { retryAfterSeconds: 1 } });

  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i += 1) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  // Drawn at twice the size so phones with dense screens get sharp edges.
  const png = await sharp(Buffer.from(drawCaptchaSvg(text)), { density: 144 })
    .png()
    .toBuffer();

  const id = randomBytes(18).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + input.ttlSeconds * 1000);
  await db.insert(captchas).values({
    id,
    answerHash: answerHash(id, text).toString('hex'),
    clientKey: input.clientKey,
    createdAt: input.now,
    expiresAt,
  });
  // Housekeeping without a scheduler: about one issue in fifty clears day-old rows.
  if (randomInt(50) === 0) {
    await db.delete(captchas).where(lt(captchas.expiresAt, new Date(input.now.getTime() - 86_400_000)));
  }
  return { id, pngBase64: png.toString('base64'), expiresAt };
}

/**
 * Uses up the captcha and tells whether the answer was right. The first use wins even when
 * wrong (one guess per image), and the guarded UPDATE makes parallel uses of one id succeed
 * at most once.
 */
export async function consumeCaptcha(db: DbOrTx, input: { id: string; answer: string; now: Date }): Promise<boolean> {
  const used = await db
    .update(captchas)
    .set({ usedAt: input.now })
    .where(and(eq(captchas.id, input.id), isNull(captchas.usedAt), gt(captchas.expiresAt, input.now)))
    .returning({ answerHash: captchas.answerHash });
  const stored = used[0];
  if (!stored) return false;
  return timingSafeEqual(Buffer.from(stored.answerHash, 'hex'), answerHash(input.id, input.answer));
}

/** The captcha id: the body field, else the `x-captcha-id` header, else the HttpOnly cookie. */
export function captchaIdOf(request: FastifyRequest, fromBody: string | undefined): string | null {
  const header = request.headers[CAPTCHA_ID_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const fromCookie = request.cookies?.[CAPTCHA_COOKIE];
  const id = fromBody || fromHeader || fromCookie;
  return id && /^[A-Za-z0-9_-]{10,64}$/.test(id) ? id : null;
}

/**
 * Checks a captcha the form had to show: CAPTCHA_REQUIRED when none was typed, CAPTCHA_INVALID
 * when wrong, used or expired. `value` rides along so the login popup keeps showing the field.
 */
export async function checkCaptcha(
  db: DbOrTx,
  input: { answer: string | undefined; id: string | null; now: Date },
  options: { value?: unknown } = {},
): Promise<void> {
  const answer = input.answer?.trim();
  if (!answer) throw new AppError('CAPTCHA_REQUIRED', { value: options.value });
  if (!input.id) throw new AppError('CAPTCHA_INVALID', { value: options.value });
  const isRight = await consumeCaptcha(db, { id: input.id, answer, now: input.now });
  if (!isRight) throw new AppError('CAPTCHA_INVALID', { value: options.value });
}

/** checkCaptcha for a route: the id comes from the body, the header or the cookie. */
export async function verifyCaptcha(
  request: FastifyRequest,
  input: { captcha: string | undefined; captchaId: string | undefined },
  options: { value?: unknown } = {},
): Promise<void> {
  await checkCaptcha(
    request.server.db,
    { answer: input.captcha, id: captchaIdOf(request, input.captchaId), now: request.server.now() },
    options,
  );
}
