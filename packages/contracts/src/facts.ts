import { z } from 'zod';
import { envelopeOf, moneyString } from './envelope';

/**
 * The facts queue the loyalty engines consume (docs/ARCHITECTURE.md "Facts"), as the back office
 * sees it: how far the engines trail play, and the facts no engine could apply (dead letters).
 */
export const OPERATOR_FACTS_PATHS = {
  /** Pending facts, the oldest one's age, the dead letters (newest first, up to 50). */
  status: '/admin-api/merchants/:code/facts/status',
  /** POST: a dead letter back into the queue (after the engine was fixed); audited. */
  retry: '/admin-api/merchants/:code/facts/dead-letters/:factId/retry',
} as const;

export const factDeadLetterParams = z.object({ code: z.string().min(1).max(40), factId: z.coerce.number().int().positive() });
export const factRetryBody = z.object({ reason: z.string().trim().max(200).optional() }).optional();
export const factRetryResponse = envelopeOf(z.object({ factId: z.number().int(), requeued: z.literal(true) }));

export const factDeadLetter = z.object({
  factId: z.number().int(),
  kind: z.enum(['ROUND', 'DEPOSIT', 'WITHDRAWAL']),
  memberId: z.number().int(),
  sourceId: z.number().int(),
  gameType: z.string().nullable(),
  amount: moneyString,
  occurredAt: z.string(),
  attempts: z.number().int(),
  engine: z.string().nullable(),
  error: z.string(),
  createdAt: z.string(),
});

export const factQueueStatusValue = z.object({
  pending: z.number().int(),
  /** Milliseconds the oldest pending fact of this merchant has waited (0 when none). */
  oldestAgeMs: z.number().int(),
  deadLetters: z.number().int(),
  recentDeadLetters: z.array(factDeadLetter),
});

export const factQueueStatusResponse = envelopeOf(factQueueStatusValue);
