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
const renderSvg = createRequire(import.meta.url)('svg-captcha') as (text: string, options: Record<string, unknown>) => string;

/** No 0/O, 1/I/L: answers are compared case-insensitively and must be readable. */
const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CAPTCHA_LENGTH = 4;
/** "Refresh no faster than once per second" (spec section 5, throttles). */
export const CAPTCHA_REFRESH_MS = 1000;

/** The stored form of an answer; exported so tests can plant a captcha whose answer they know. */
export function answerHash(id: string, answer: string): Buffer {
  return createHash('sha256').update(`${id}:${answer.trim().toUpperCase()}`).digest();
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
  const svg = renderSvg(text, { width: 150, height: 50, fontSize: 54, noise: 3, color: true, background: '#f4f1ea' });
  const png = await sharp(Buffer.from(svg)).png().toBuffer();

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
