import { z } from 'zod';

/** Every response body: `{ success, code, message, value }` (DESIGN.md section 3). */
export function envelopeOf<T extends z.ZodType>(value: T) {
  return z.object({
    success: z.boolean(),
    code: z.string(),
    message: z.string(),
    value,
  });
}

export const errorEnvelope = envelopeOf(z.unknown().nullable());

export type Envelope<T> = {
  success: boolean;
  code: string;
  message: string;
  value: T;
};

/** Money crosses the API as a decimal string with two places ("1234.50"). */
export const moneyString = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * A house game's play answer: the round, the balance it was played from (cash, or play money for
 * trial players) after it, and whether it repeats an earlier answer (the same idempotency key, or
 * a round already settled).
 */
export const playAnswerOf = <T extends z.ZodType>(round: T) => envelopeOf(z.object({ round, balance: moneyString, isReplay: z.boolean() }));
