import type { SlotRound } from '@kismat/contracts/house-games';
import type { Language } from '@kismat/contracts/languages';
import { seedInputsFromHex } from '@kismat/game-math/fair/seed-inputs';
import { findSlotTitle } from '@kismat/game-math/slots/slot-titles';
import { spin, validateSlotBet } from '@kismat/game-math/slots/spin';
import { and, eq } from 'drizzle-orm';
import { fairnessSeeds, slotRounds } from '../../db/schema/house-games';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { chargeResponsibleGambling } from '../responsible-gambling/index';
import { postTransfer, readAccountCash } from '../wallet/index';
import { lockSeedPair } from './fairness-seeds';
import { presentSlotRound, storeSpinOutcome } from './present-slot-round';
import { findHouseGame, recordSlotGameRound } from './record-house-game-rounds';
import type { PlayAccounts } from './resolve-play-accounts';
import { serverSeedOf } from './seed-vault';

export interface SpinSlotInput {
  merchantId: number;
  memberId: number;
  accounts: PlayAccounts;
  titleId: string;
  totalBetMinor: bigint;
  idempotencyKey: string;
  now: Date;
  /** The responsible-gambling refusal's language and site time. */
  language?: Language;
  utcOffsetMinutes?: number;
}

export interface SpinSlotResult {
  round: SlotRound;
  balanceMinor: bigint;
  isReplay: boolean;
}

/**
 * One paid spin in ONE transaction: take the nonce from the locked seed row, compute the
 * outcome (game-math spin, the whole free-spin feature from the same nonce, so free spins are
 * never debited), debit the bet, credit the payout, write the round row and its settled
 * game_rounds row (record-house-game-rounds.ts). A crash at any point
 * before COMMIT leaves nothing (no debit, no round, no nonce used) and after COMMIT leaves
 * everything, so an interrupted spin is "voided" or "completed" exactly once by the database
 * itself; there is no pending state to recover on restart. A retry with the same key replays.
 */
export async function spinSlot(db: Db, input: SpinSlotInput): Promise<SpinSlotResult> {
  const title = findSlotTitle(input.titleId);
  if (!title) throw new AppError('GAME_UNAVAILABLE');
  if (!validateSlotBet(title, { totalBetMinor: input.totalBetMinor }).ok) throw new AppError('SLOT_BET_INVALID');
  // The catalogue game its settled round is written under (agent figures, betting records).
  const game = await findHouseGame(db, title.id);

  return db.transaction(async (tx) => {
    // The seed lock comes first: a retry racing the original waits here and then sees its round.
    const { active: seed } = await lockSeedPair(tx, { memberId: input.memberId, family: 'SLOTS', now: input.now });
    const [previous] = await tx
      .select({ round: slotRounds, commitment: fairnessSeeds.commitment, clientSeed: fairnessSeeds.clientSeed })
      .from(slotRounds)
      .innerJoin(fairnessSeeds, eq(fairnessSeeds.id, slotRounds.seedId))
      .where(and(eq(slotRounds.memberId, input.memberId), eq(slotRounds.idempotencyKey, input.idempotencyKey)));
    if (previous) {
      if (previous.round.titleId !== input.titleId || previous.round.totalBetMinor !== input.totalBetMinor) {
        throw new AppError('IDEMPOTENCY_CONFLICT');
      }
      return {
        round: presentSlotRound(previous.round, previous),
        balanceMinor: await readBalance(tx, input.accounts.memberAccountId),
        isReplay: true,
      };
    }

    const nonce = seed.nextNonce;
    const clientSeed = seed.clientSeed ?? '';
    const result = spin(title, seedInputsFromHex(serverSeedOf(seed), clientSeed, nonce), { totalBetMinor: input.totalBetMinor });
    await tx
      .update(fairnessSeeds)
      .set({ nextNonce: nonce + 1 })
      .where(eq(fairnessSeeds.id, seed.id));
    const [inserted] = await tx
      .insert(slotRounds)
      .values({
        merchantId: input.merchantId,
        memberId: input.memberId,
        titleId: title.id,
        idempotencyKey: input.idempotencyKey,
        seedId: seed.id,
        nonce,
        clientSeed,
        totalBetMinor: input.totalBetMinor,
        totalPayoutMinor: result.totalPayoutMinor,
        isCapped: result.isCapped,
        isTrial: input.accounts.isTrial,
        currency: input.accounts.currency,
        freeSpinCount: result.freeSpins.length,
        outcome: storeSpinOutcome(result),
        playedAt: input.now,
      })
      .returning();
    if (!inserted) throw new Error('slot round not written');
    // The same spin as a settled game round, so valid bet, agent figures and records count it.
    await recordSlotGameRound(tx, game, { ...inserted, playedAt: input.now });
    const reference = { kind: 'slot_round', id: String(inserted.id) };
    const metadata = { title: title.id, nonce };
    const bet = await postTransfer(
      tx,
      {
        merchantId: input.merchantId,
        idempotencyKey: `slot:${inserted.id}:bet`,
        type: 'bet',
        reference,
        entries: [
          { accountId: input.accounts.memberAccountId, amount: -input.totalBetMinor },
          { accountId: input.accounts.houseAccountId, amount: input.totalBetMinor },
        ],
        metadata,
      },
      () => input.now,
    );
    let payoutTransferId: number | null = null;
    if (result.totalPayoutMinor > 0n) {
      const payout = await postTransfer(
        tx,
        {
          merchantId: input.merchantId,
          idempotencyKey: `slot:${inserted.id}:payout`,
          type: 'payout',
          reference,
          entries: [
            { accountId: input.accounts.houseAccountId, amount: -result.totalPayoutMinor },
            { accountId: input.accounts.memberAccountId, amount: result.totalPayoutMinor },
          ],
          metadata,
        },
        () => input.now,
      );
      payoutTransferId = payout.transfer.id;
    }
    // Limits and exclusion (issue 17), after the ledger locked the member's cash (every money path
    // takes the ledger row first, then rg_state): a refusal rolls the whole spin back.
    await chargeResponsibleGambling(tx, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      isTrial: input.accounts.isTrial,
      stakeMinor: input.totalBetMinor,
      winMinor: result.totalPayoutMinor,
      now: input.now,
      ...(input.language ? { language: input.language } : {}),
      ...(input.utcOffsetMinutes === undefined ? {} : { utcOffsetMinutes: input.utcOffsetMinutes }),
    });
    const [round] = await tx
      .update(slotRounds)
      .set({ betTransferId: bet.transfer.id, payoutTransferId })
      .where(eq(slotRounds.id, inserted.id))
      .returning();
    if (!round) throw new Error('slot round not updated');
    return { round: presentSlotRound(round, seed), balanceMinor: await readBalance(tx, input.accounts.memberAccountId), isReplay: false };
  });
}

async function readBalance(db: DbOrTx, accountId: number): Promise<bigint> {
  return (await readAccountCash(db, accountId)).balance;
}
