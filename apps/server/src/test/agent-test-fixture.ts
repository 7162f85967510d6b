import type { ContractTermsInput, ContractType } from '@kismat/contracts/agent';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { parseAmount } from '@kismat/contracts/wallet';
import { eq } from 'drizzle-orm';
import { games } from '../db/schema/catalogue';
import { gameRounds } from '../db/schema/games';
import { offerContract } from '../modules/agent/offer-contract';
import { acceptContract } from '../modules/agent/respond-to-contract';
import { ensureMemberAccounts } from '../modules/wallet/ensure-member-accounts';
import { openAccount } from '../modules/wallet/open-account';
import { postTransfer } from '../modules/wallet/post-transfer';
import type { MemberRow } from '../platform/auth';
import type { Db } from '../platform/db';
import type { Merchant } from '../platform/merchant';
import type { AgentContext } from '../platform/request-context';
import { createMember, uniqueSuffix } from './factories';

/** Test helpers of the agent programme: members in a tree, settled rounds, funded wallets, accepted contracts. */

export const money = (text: string): bigint => parseAmount(text, { allowZero: true, allowNegative: true });

export async function addMember(
  db: Db,
  merchant: Merchant,
  upline: MemberRow | null,
  type: number = MEMBER_TYPE.MEMBER,
): Promise<MemberRow> {
  const { member } = await createMember(db, merchant.id, { type, uplineId: upline?.id ?? null, username: `m${uniqueSuffix(10)}` });
  return member;
}

let cachedGame: { id: number; vendorId: number; category: string } | null = null;

/** A settled (CLOSED) or open round of one member; stakes and payouts in "1234.50" form. */
export async function playRound(
  db: Db,
  merchant: Merchant,
  member: MemberRow,
  input: { bet: string; payout: string; closedAt: Date; status?: 'OPEN' | 'CLOSED' },
): Promise<void> {
  if (!cachedGame) {
    const [game] = await db.select({ id: games.id, vendorId: games.vendorId, category: games.category }).from(games).limit(1);
    if (!game) throw new Error('no seeded game');
    cachedGame = game;
  }
  const status = input.status ?? 'CLOSED';
  await db.insert(gameRounds).values({
    merchantId: merchant.id,
    memberId: member.id,
    vendorId: cachedGame.vendorId,
    gameId: cachedGame.id,
    gameType: cachedGame.category,
    vendorRoundId: `r-${uniqueSuffix(16)}`,
    currency: merchant.currency,
    status,
    betTotal: money(input.bet),
    payoutTotal: money(input.payout),
    betCount: 1,
    openedAt: new Date(input.closedAt.getTime() - 60_000),
    closedAt: status === 'CLOSED' ? input.closedAt : null,
  });
}

/** Puts cash in a member's wallet (an operator adjustment). */
export async function fundCash(db: Db, merchant: Merchant, member: MemberRow, amount: string): Promise<void> {
  const { cash } = await ensureMemberAccounts(db, { merchantId: merchant.id, memberId: member.id, currency: merchant.currency });
  const adjustment = await openAccount(db, { merchantId: merchant.id, code: 'ADJUSTMENT', currency: merchant.currency });
  await postTransfer(db, {
    merchantId: merchant.id,
    idempotencyKey: `test-fund:${member.id}:${uniqueSuffix(12)}`,
    type: 'adjustment',
    entries: [
      { accountId: adjustment.id, amount: -money(amount) },
      { accountId: cash.id, amount: money(amount) },
    ],
  });
}

/** Offers (platform when `offerer` is null) and accepts a contract. */
export async function giveContract(
  ctx: AgentContext,
  offerer: MemberRow | null,
  member: MemberRow,
  type: ContractType,
  terms: ContractTermsInput,
): Promise<number> {
  const offered = await offerContract(ctx, offerer, { memberId: member.id, type, terms });
  const { contract } = await acceptContract(ctx, member, { type, contractId: offered.id, agreeTerminateDownlines: true });
  return contract.id;
}

export function tier(minValidBet: string, minActiveMembers: number, rateBps: number) {
  return { minValidBet: money(minValidBet), minActiveMembers, rateBps };
}

export async function memberById(db: Db, id: number): Promise<MemberRow> {
  const { members } = await import('../db/schema/accounts');
  const [row] = await db.select().from(members).where(eq(members.id, id));
  if (!row) throw new Error('no member');
  return row;
}
