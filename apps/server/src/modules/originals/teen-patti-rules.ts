import type { TeenPattiDeal } from '@kismat/game-math/originals/teen-patti';
import { settleTeenPatti, type TeenPattiDecision, type TeenPattiStake } from '@kismat/game-math/originals/teen-patti-round';
import { eq } from 'drizzle-orm';
import { originalRounds } from '../../db/schema/originals';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { type HouseGame, type PlayAccounts, postHouseStake } from '../house-games/index';
import type { OriginalRoundRow } from './present-original-round';
import { settleRound } from './settle-round';

/**
 * An open Teen Patti round waits this long for Play or Fold; then it is folded for the member (the
 * ante is lost, Pair Plus still settles) by the `originals-teen-patti-timeouts` job or on the
 * member's next Teen Patti call, whichever comes first (docs/house-games.md).
 */
export const TEEN_PATTI_DECIDE_MS = 10 * 60_000;

/** The opening slip as stored in params: stakes in minor units as text. */
export interface TeenPattiParams {
  ANTE: string;
  PAIR_PLUS: string;
}
/** The deal (game-math dealTeenPatti), then the decision once taken. */
export interface TeenPattiOutcome extends TeenPattiDeal {
  decision?: TeenPattiDecision;
  /** The idempotency key of the Play/Fold call that decided it (a retry with it replays the answer). */
  decisionKey?: string;
  decidedBy?: 'PLAYER' | 'TIMEOUT';
}

export const teenPattiStakesOf = (row: Pick<OriginalRoundRow, 'params'>): Record<TeenPattiStake, bigint> => {
  const params = row.params as TeenPattiParams;
  return { ANTE: BigInt(params.ANTE), PAIR_PLUS: BigInt(params.PAIR_PLUS) };
};

export const decideByOf = (row: Pick<OriginalRoundRow, 'openedAt'>) => new Date(row.openedAt.getTime() + TEEN_PATTI_DECIDE_MS);

/**
 * Settles a locked OPEN Teen Patti round on a decision, inside the caller's transaction: on PLAY
 * the second stake (equal to the ante) is debited in its own ledger transfer
 * (`original:<id>:play`, charged to the responsible-gambling limits: a refusal or a short balance
 * rolls this back and leaves the round open), the row's stake grows by it and the decision is
 * written; then settleRound pays ANTE + PLAY + PAIR_PLUS (teen-patti-round.ts) once, under the
 * payout key, and records the closed game round.
 */
export async function concludeTeenPatti(
  tx: Tx,
  input: {
    row: OriginalRoundRow;
    game: HouseGame;
    accounts: Pick<PlayAccounts, 'memberAccountId' | 'houseAccountId'>;
    decision: TeenPattiDecision;
    decisionKey: string;
    decidedBy: 'PLAYER' | 'TIMEOUT';
    now: Date;
    language?: PlayLanguage;
    utcOffsetMinutes?: number | undefined;
  },
): Promise<OriginalRoundRow> {
  const { row } = input;
  if (row.status !== 'OPEN') throw new AppError('TEEN_PATTI_ROUND_SETTLED');
  const stakes = teenPattiStakesOf(row);
  const playMinor = input.decision === 'PLAY' ? stakes.ANTE : 0n;
  if (playMinor > 0n) {
    await postHouseStake(tx, {
      merchantId: row.merchantId,
      memberId: row.memberId,
      accounts: { ...input.accounts, isTrial: row.isTrial },
      idempotencyKey: `original:${row.id}:play`,
      reference: { kind: 'original_round', id: String(row.id) },
      metadata: { game: row.game, nonce: row.nonce, bet: 'PLAY' },
      stakeMinor: playMinor,
      now: input.now,
      language: input.language,
      utcOffsetMinutes: input.utcOffsetMinutes,
    });
  }
  const outcome: TeenPattiOutcome = {
    ...(row.outcome as TeenPattiOutcome),
    decision: input.decision,
    decisionKey: input.decisionKey,
    decidedBy: input.decidedBy,
  };
  const [decided] = await tx
    .update(originalRounds)
    .set({ stakeMinor: row.stakeMinor + playMinor, outcome })
    .where(eq(originalRounds.id, row.id))
    .returning();
  if (!decided) throw new Error('teen patti round not updated');
  const settled = settleTeenPatti(outcome, stakes, input.decision);
  return settleRound(tx, {
    row: decided,
    game: input.game,
    accounts: input.accounts,
    // The round's overall return on everything staked (ante, play, pair plus); each bet's own is in cards.bets.
    multiplier: Number((settled.payoutMinor * 10_000n) / decided.stakeMinor),
    payoutMinor: settled.payoutMinor,
    now: input.now,
  });
}

type PlayLanguage = Parameters<typeof postHouseStake>[1]['language'];
