import type { VerificationChannel, VerificationPurpose } from '../../db/schema/accounts';
import type { DbOrTx } from '../../platform/db';

export type CodeCheck = 'OK' | 'INVALID' | 'EXPIRED';

export interface VerificationCodeInput {
  merchantId: number;
  channel: VerificationChannel;
  recipient: string;
  purposes: VerificationPurpose[];
  code: string;
  now: Date;
}

/**
 * Uses up the newest code of a recipient and purpose (single use, in the caller's transaction).
 * The codes are the verification module's; it sits above member (it looks members up to send
 * codes), so member cannot import it: the route registry (modules/index.ts) hands the
 * verification module's consumer in at start-up, and registration, the phone password reset and
 * the callers of member's face use it through here.
 */
export type VerificationCodeConsumer = (db: DbOrTx, input: VerificationCodeInput) => Promise<CodeCheck>;

let consumer: VerificationCodeConsumer | null = null;

export function registerVerificationCodeConsumer(consume: VerificationCodeConsumer): void {
  consumer = consume;
}

export function consumeVerificationCode(db: DbOrTx, input: VerificationCodeInput): Promise<CodeCheck> {
  if (!consumer) throw new Error('no verification code consumer: modules/index.ts registers the verification module');
  return consumer(db, input);
}
