import type { MemberChatContext } from '@kismat/contracts/live-chat';
import { formatAmount } from '@kismat/contracts/wallet';
import type { Db } from '../../platform/db';
import { inTransaction } from '../../platform/db';
import { listMemberCashierRequests } from '../cashier/index';
import { findMemberById } from '../member/index';
import { readTurnoverLeft } from '../promotions/index';
import { readRgOverview } from '../responsible-gambling/index';
import { listBettingRecords } from '../vendor-wallet/index';
import { getMemberVipLevel } from '../vip/index';
import { getMemberBalances } from '../wallet/index';

const RECENT = 5;
const ROUND_WINDOW_DAYS = 30;

/**
 * What support sees beside a member's chat, each part read through its owner's face: balance
 * (wallet), the last deposits and withdrawals (cashier), turnover still to play (promotions),
 * responsible-gambling limits with their usage, recent rounds (vendor-wallet), VIP level.
 * Read-only; null when the member is not this merchant's.
 */
export async function readMemberChatContext(db: Db, merchantId: number, memberId: number): Promise<MemberChatContext | null> {
  const member = await findMemberById(db, merchantId, memberId);
  if (!member) return null;
  const now = new Date();
  const [balances, requests, turnover, rg, rounds, vip] = await Promise.all([
    getMemberBalances(db, { merchantId, memberId }),
    listMemberCashierRequests(db, memberId, RECENT),
    inTransaction(db, (tx) => readTurnoverLeft(tx, [memberId])),
    readRgOverview(db, { merchantId, memberId }, now),
    listBettingRecords(db, {
      merchantId,
      memberId,
      from: new Date(now.getTime() - ROUND_WINDOW_DAYS * 86_400_000),
      to: now,
      language: 'EN',
      pageNo: 1,
      pageSize: RECENT,
    }),
    getMemberVipLevel(db, memberId),
  ]);
  const requestsOf = (kind: 'DEPOSIT' | 'WITHDRAWAL') =>
    requests
      .filter((row) => row.kind === kind)
      .slice(0, RECENT)
      .map((row) => ({ id: row.id, amount: formatAmount(row.amount), status: row.status, createdAt: row.createdAt.toISOString() }));
  return {
    memberId,
    username: member.username,
    vipLevel: vip.rank,
    balance: formatAmount(balances.available),
    deposits: requestsOf('DEPOSIT'),
    withdrawals: requestsOf('WITHDRAWAL'),
    openTurnover: formatAmount(turnover.get(memberId) ?? 0n),
    limits: rg.limits.map((limit) => ({ kind: limit.kind, period: limit.period, amount: `${limit.used} / ${limit.value}` })),
    rounds: rounds.list.map((round) => ({ game: round.gameName, bet: round.betAmount, win: round.payout, at: round.betTime })),
  };
}
