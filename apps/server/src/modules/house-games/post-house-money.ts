import type { Language } from '@kismat/contracts/languages';
import type { Tx } from '../../platform/db';
import { chargeResponsibleGambling } from '../responsible-gambling/index';
import { type PostedTransfer, postTransfer } from '../wallet/index';
import type { PlayAccounts } from './resolve-play-accounts';

/** One house-game money movement: who, which accounts, the transfer's key, reference and metadata. */
export interface HouseMoneyMove {
  merchantId: number;
  memberId: number;
  accounts: Pick<PlayAccounts, 'memberAccountId' | 'houseAccountId' | 'isTrial'>;
  /** The ledger's idempotency key (e.g. `crash:<bet>:bet`): a second call with it replays, never pays twice. */
  idempotencyKey: string;
  reference: { kind: string; id: string };
  metadata: Record<string, unknown>;
  now: Date;
  /** For a responsible-gambling refusal's message and time (site language and offset). */
  language?: Language | undefined;
  utcOffsetMinutes?: number | undefined;
}

function rgContext(move: HouseMoneyMove) {
  return {
    merchantId: move.merchantId,
    memberId: move.memberId,
    isTrial: move.accounts.isTrial,
    now: move.now,
    ...(move.language ? { language: move.language } : {}),
    ...(move.utcOffsetMinutes === undefined ? {} : { utcOffsetMinutes: move.utcOffsetMinutes }),
  };
}

/** The move's transfer of `amount` from one play account to the other (`type` bet or payout), at the move's time. */
function postMove(tx: Tx, move: HouseMoneyMove, type: 'bet' | 'payout', fromAccountId: number, toAccountId: number, amount: bigint) {
  return postTransfer(
    tx,
    {
      merchantId: move.merchantId,
      idempotencyKey: move.idempotencyKey,
      type,
      reference: move.reference,
      entries: [
        { accountId: fromAccountId, amount: -amount },
        { accountId: toAccountId, amount },
      ],
      metadata: move.metadata,
    },
    () => move.now,
  );
}

/**
 * A stake, inside the caller's transaction: member -> house, then the responsible-gambling charge
 * AFTER the ledger locked the member's cash (lock order ledger -> rg_state, decision 0010); a
 * limit or an exclusion throws and so rolls the whole bet back.
 */
export async function postHouseStake(tx: Tx, move: HouseMoneyMove & { stakeMinor: bigint }): Promise<PostedTransfer> {
  const bet = await postMove(tx, move, 'bet', move.accounts.memberAccountId, move.accounts.houseAccountId, move.stakeMinor);
  await chargeResponsibleGambling(tx, { ...rgContext(move), stakeMinor: move.stakeMinor });
  return bet;
}

/**
 * A win, inside the caller's transaction: house -> member, then the win counted on the member's
 * responsible-gambling figures (never refused: the stake was charged when it was placed).
 */
export async function postHousePayout(tx: Tx, move: HouseMoneyMove & { payoutMinor: bigint }): Promise<PostedTransfer> {
  const payout = await postMove(tx, move, 'payout', move.accounts.houseAccountId, move.accounts.memberAccountId, move.payoutMinor);
  await chargeResponsibleGambling(tx, { ...rgContext(move), winMinor: move.payoutMinor, mode: 'COUNT' });
  return payout;
}
