import { SMS_LOCKOUT_MINUTES } from '@kismat/contracts/constants';
import type { Language } from '@kismat/contracts/languages';
import { SMS_RESEND_SECONDS } from '@kismat/contracts/verification';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type VerificationChannel, type VerificationPurpose, verificationCodes, verificationLocks } from '../../db/schema/accounts';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { MessageProviders } from '../../platform/outbox/message-providers';
import { generateNumericCode, hashCode } from '../member/index';
import { emailCodeSubject, smsCodeText } from './verification-texts';

const DAY_MS = 86_400_000;
const LOCK_MS = SMS_LOCKOUT_MINUTES * 60_000;
/** Refused "too soon" sends tolerated inside one lockout window before the number is locked. */
const STRIKES_BEFORE_LOCK = 3;

export interface SendCodeInput {
  merchantId: number;
  channel: VerificationChannel;
  /** E.164 mobile or lower-case e-mail. */
  recipient: string;
  purpose: VerificationPurpose;
  memberId: number | null;
  ip: string;
  now: Date;
  language: Language;
  /**
   * False when nobody may receive this code (an SMS-login code for a number no member has):
   * everything, limits included, happens as for a real send except the delivery, so the
   * answer does not tell whether the number is registered.
   */
  deliver: boolean;
}

type Outcome =
  | { kind: 'sent'; code: string; id: number }
  | { kind: 'too-frequent'; retryAfterSeconds: number }
  | { kind: 'too-many'; retryAfterSeconds: number };

/**
 * Sends a six-digit code within the limits of issue 3: one send per recipient per minute, a
 * daily cap per recipient and per IP, and a five-minute lockout when the caps are hit or the
 * minute rule keeps being pushed. Limits are decided under per-recipient and per-IP advisory
 * locks, so parallel requests (many nodes included) cannot slip past them.
 */
export async function sendVerificationCode(
  db: Db,
  providers: MessageProviders,
  config: Pick<Config, 'SMS_CODE_EXPIRED_MINUTES' | 'SMS_DAILY_LIMIT_PER_NUMBER' | 'SMS_DAILY_LIMIT_PER_IP'>,
  input: SendCodeInput,
): Promise<{ expiredMinutes: number; resendAfterSeconds: number }> {
  const outcome = await db.transaction((tx) => decideAndRecord(tx, config, input));
  if (outcome.kind === 'too-frequent') throw new AppError('SMS_TOO_FREQUENT', { value: { retryAfterSeconds: outcome.retryAfterSeconds } });
  if (outcome.kind === 'too-many') throw new AppError('SMS_TOO_MANY_REQUESTS', { value: { retryAfterSeconds: outcome.retryAfterSeconds } });

  if (input.deliver) {
    try {
      if (input.channel === 'SMS') {
        await providers.sms.send({
          merchantId: input.merchantId,
          to: input.recipient,
          text: smsCodeText(input.language, outcome.code, config.SMS_CODE_EXPIRED_MINUTES),
        });
      } else {
        await providers.mail.send({
          merchantId: input.merchantId,
          to: input.recipient,
          subject: emailCodeSubject(input.language),
          text: smsCodeText(input.language, outcome.code, config.SMS_CODE_EXPIRED_MINUTES),
        });
      }
    } catch {
      // The code never arrived: retire it. The send still counts against the limits, so a
      // failing gateway cannot be hammered through us.
      await db.update(verificationCodes).set({ usedAt: input.now }).where(eq(verificationCodes.id, outcome.id));
      throw new AppError('SMS_SEND_FAILED');
    }
  }
  return { expiredMinutes: config.SMS_CODE_EXPIRED_MINUTES, resendAfterSeconds: SMS_RESEND_SECONDS };
}

async function lockKey(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

async function decideAndRecord(
  tx: DbOrTx,
  config: Pick<Config, 'SMS_CODE_EXPIRED_MINUTES' | 'SMS_DAILY_LIMIT_PER_NUMBER' | 'SMS_DAILY_LIMIT_PER_IP'>,
  input: SendCodeInput,
): Promise<Outcome> {
  const { merchantId, channel, recipient, ip, now } = input;
  // Always recipient first, then IP: one fixed order, so two requests cannot deadlock.
  await lockKey(tx, `verification:${merchantId}:${channel}:${recipient}`);
  await lockKey(tx, `verification-ip:${merchantId}:${ip}`);

  const locks = await tx
    .select()
    .from(verificationLocks)
    .where(
      and(
        eq(verificationLocks.merchantId, merchantId),
        sql`(${verificationLocks.scope}, ${verificationLocks.key}) in (('RECIPIENT', ${recipient}), ('IP', ${ip}))`,
      ),
    );
  const lockedUntil = Math.max(0, ...locks.map((lock) => lock.lockedUntil?.getTime() ?? 0));
  if (lockedUntil > now.getTime()) return { kind: 'too-many', retryAfterSeconds: Math.ceil((lockedUntil - now.getTime()) / 1000) };

  const [last] = await tx
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(
      and(eq(verificationCodes.merchantId, merchantId), eq(verificationCodes.channel, channel), eq(verificationCodes.recipient, recipient)),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const sinceLast = last ? now.getTime() - last.createdAt.getTime() : Number.POSITIVE_INFINITY;
  if (sinceLast < SMS_RESEND_SECONDS * 1000) {
    const strikes = await addStrike(tx, merchantId, recipient, now);
    if (strikes >= STRIKES_BEFORE_LOCK) {
      await lock(tx, merchantId, 'RECIPIENT', recipient, now);
      return { kind: 'too-many', retryAfterSeconds: LOCK_MS / 1000 };
    }
    return { kind: 'too-frequent', retryAfterSeconds: Math.ceil((SMS_RESEND_SECONDS * 1000 - sinceLast) / 1000) };
  }

  const dayAgo = new Date(now.getTime() - DAY_MS);
  const [perRecipient] = await tx
    .select({ sent: count() })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.merchantId, merchantId),
        eq(verificationCodes.channel, channel),
        eq(verificationCodes.recipient, recipient),
        gt(verificationCodes.createdAt, dayAgo),
      ),
    );
  if ((perRecipient?.sent ?? 0) >= config.SMS_DAILY_LIMIT_PER_NUMBER) {
    await lock(tx, merchantId, 'RECIPIENT', recipient, now);
    return { kind: 'too-many', retryAfterSeconds: LOCK_MS / 1000 };
  }
  const [perIp] = await tx
    .select({ sent: count() })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.merchantId, merchantId), eq(verificationCodes.ip, ip), gt(verificationCodes.createdAt, dayAgo)));
  if ((perIp?.sent ?? 0) >= config.SMS_DAILY_LIMIT_PER_IP) {
    await lock(tx, merchantId, 'IP', ip, now);
    return { kind: 'too-many', retryAfterSeconds: LOCK_MS / 1000 };
  }

  // Only the newest code of a purpose works: an older one still in someone's inbox is retired.
  await tx
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(verificationCodes.merchantId, merchantId),
        eq(verificationCodes.channel, channel),
        eq(verificationCodes.recipient, recipient),
        eq(verificationCodes.purpose, input.purpose),
        isNull(verificationCodes.usedAt),
      ),
    );
  const code = generateNumericCode();
  const [row] = await tx
    .insert(verificationCodes)
    .values({
      merchantId,
      channel,
      recipient,
      purpose: input.purpose,
      memberId: input.memberId,
      codeHash: hashCode(recipient, input.purpose, code),
      ip,
      createdAt: now,
      expiresAt: new Date(now.getTime() + config.SMS_CODE_EXPIRED_MINUTES * 60_000),
    })
    .returning({ id: verificationCodes.id });
  if (!row) throw new Error('verification code insert returned nothing');
  return { kind: 'sent', code, id: row.id };
}

async function addStrike(tx: DbOrTx, merchantId: number, recipient: string, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - LOCK_MS);
  const [row] = await tx
    .insert(verificationLocks)
    .values({ merchantId, scope: 'RECIPIENT', key: recipient, strikes: 1, strikesSince: now })
    .onConflictDoUpdate({
      target: [verificationLocks.merchantId, verificationLocks.scope, verificationLocks.key],
      set: {
        strikes: sql`case when ${verificationLocks.strikesSince} < ${windowStart}::timestamptz then 1 else ${verificationLocks.strikes} + 1 end`,
        strikesSince: sql`case when ${verificationLocks.strikesSince} < ${windowStart}::timestamptz then ${now}::timestamptz else ${verificationLocks.strikesSince} end`,
      },
    })
    .returning({ strikes: verificationLocks.strikes });
  return row?.strikes ?? 1;
}

async function lock(tx: DbOrTx, merchantId: number, scope: 'RECIPIENT' | 'IP', key: string, now: Date): Promise<void> {
  const until = new Date(now.getTime() + LOCK_MS);
  await tx
    .insert(verificationLocks)
    .values({ merchantId, scope, key, lockedUntil: until, strikes: 0, strikesSince: now })
    .onConflictDoUpdate({
      target: [verificationLocks.merchantId, verificationLocks.scope, verificationLocks.key],
      set: { lockedUntil: until, strikes: 0, strikesSince: now },
    });
}
