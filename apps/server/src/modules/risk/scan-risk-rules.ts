import { createHash } from 'node:crypto';
import type { RiskRule } from '@kismat/contracts/risk-admin';
import { and, eq, sql } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import { riskScanMarks } from '../../db/schema/risk';
import type { Db, DbOrTx } from '../../platform/db';
import type { ScheduledJob } from '../../platform/scheduler';
import { listPendingWithdrawalsWithDeposits } from '../cashier/index';
import { findOppositeLotteryBets } from '../house-games/index';
import { listPhoneShares, listRecentlySeenMembers, listRegistrationBursts, listSightingLinks } from '../member/index';
import { listBankAccountLinks, listRecentBankAccountMembers } from '../security/index';
import { readPlayByMember } from '../vendor-wallet/index';
import { type FlagInput, recordRiskFlags } from './record-risk-flags';
import { FIRST_SCAN_LOOKBACK_MS, LOW_PLAY_LOOKBACK_DAYS, LOW_PLAY_RATIO_BP, MANY_ACCOUNTS_THRESHOLD, SCAN_BATCH } from './risk-rules';

/*
 * The risk scan (issue 19, docs/risk.md). Each rule reads what happened after its watermark, in
 * a batch of at most SCAN_BATCH members or withdrawals, writes its flags and moves its watermark
 * in ONE transaction, so a crash repeats a batch (flags are unique per evidence: nothing doubles)
 * and never skips one. A merchant is scanned by one runner at a time (a transaction-scoped
 * advisory lock; a second runner skips it), which is what keeps several server processes from
 * doing the same work.
 */

const SCAN_LOCK = 0x52_49_53_4b; // "RISK"

type Batch = { flags: FlagInput[]; scannedTo: Date };
type RuleScan = (tx: DbOrTx, merchantId: number, since: Date, now: Date) => Promise<Batch>;

/** The batch's watermark: the last item's time when the batch was full (more may follow), else now. */
const markOf = (times: Date[], now: Date): Date => (times.length >= SCAN_BATCH ? (times.at(-1) ?? now) : now);
/**
 * A loopback address is the server's own machine (a local proxy, a health check, a test run),
 * never a player's: it says nothing about who shares a connection.
 */
const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/** Shared device (same IP and browser) and shared IP, for members who logged in since the mark; both sides are flagged. */
const scanSightings: RuleScan = async (tx, merchantId, since, now) => {
  const seen = await listRecentlySeenMembers(tx, { merchantId, since, limit: SCAN_BATCH });
  const flags: FlagInput[] = [];
  for (const { memberId } of seen) {
    const links = await listSightingLinks(tx, memberId, 100);
    const byShared = new Map<string, { kind: 'IP' | 'DEVICE'; shared: string; others: number[] }>();
    for (const link of links) {
      if (isLoopback(link.shared.split(' · ')[0] ?? '')) continue;
      const entry = byShared.get(link.shared) ?? { kind: link.kind, shared: link.shared, others: [] };
      entry.others.push(link.memberId);
      byShared.set(link.shared, entry);
    }
    for (const entry of byShared.values()) {
      const rule: RiskRule = entry.kind === 'DEVICE' ? 'SHARED_DEVICE' : 'SHARED_IP';
      const evidenceKey = entry.kind === 'DEVICE' ? `device:${digest(entry.shared)}` : `ip:${entry.shared}`;
      for (const flagged of [memberId, ...entry.others]) {
        const withMembers = [memberId, ...entry.others].filter((id) => id !== flagged).slice(0, 20);
        flags.push({ memberId: flagged, rule, evidenceKey, detail: { shared: entry.shared, withMemberIds: withMembers } });
      }
    }
  }
  return {
    flags,
    scannedTo: markOf(
      seen.map((row) => row.seenAt),
      now,
    ),
  };
};

/** A phone number another account also uses, for members who logged in since the mark. */
const scanPhones: RuleScan = async (tx, merchantId, since, now) => {
  const seen = await listRecentlySeenMembers(tx, { merchantId, since, limit: SCAN_BATCH });
  const shares = await listPhoneShares(
    tx,
    seen.map((row) => row.memberId),
  );
  const flags = shares.flatMap((share) => [
    {
      memberId: share.memberId,
      rule: 'SHARED_PHONE' as const,
      evidenceKey: `phone:${digest(share.mobileNo)}`,
      detail: { shared: share.mobileNo, withMemberIds: [share.otherId] },
    },
    {
      memberId: share.otherId,
      rule: 'SHARED_PHONE' as const,
      evidenceKey: `phone:${digest(share.mobileNo)}`,
      detail: { shared: share.mobileNo, withMemberIds: [share.memberId] },
    },
  ]);
  return {
    flags,
    scannedTo: markOf(
      seen.map((row) => row.seenAt),
      now,
    ),
  };
};

/** A payout account another member also holds, for accounts bound since the mark. */
const scanBankAccounts: RuleScan = async (tx, merchantId, since, now) => {
  const bound = await listRecentBankAccountMembers(tx, { merchantId, since, limit: SCAN_BATCH });
  const flags: FlagInput[] = [];
  for (const memberId of new Set(bound.map((row) => row.memberId))) {
    for (const link of await listBankAccountLinks(tx, memberId)) {
      // Keyed by the number alone: the two holders may have typed the bank's name differently.
      const evidenceKey = `bank:${digest(link.shared.split(' ').at(-1) ?? link.shared)}`;
      flags.push({ memberId, rule: 'SHARED_BANK_ACCOUNT', evidenceKey, detail: { shared: link.shared, withMemberIds: [link.memberId] } });
      flags.push({
        memberId: link.memberId,
        rule: 'SHARED_BANK_ACCOUNT',
        evidenceKey,
        detail: { shared: link.shared, withMemberIds: [memberId] },
      });
    }
  }
  return {
    flags,
    scannedTo: markOf(
      bound.map((row) => row.boundAt),
      now,
    ),
  };
};

/** Many accounts registered from one IP within a day: every one of them is flagged. */
const scanRegistrationBursts: RuleScan = async (tx, merchantId, since, now) => {
  const from = new Date(Math.min(since.getTime(), now.getTime()) - 24 * 60 * 60 * 1000);
  const bursts = await listRegistrationBursts(tx, { merchantId, from, to: now, threshold: MANY_ACCOUNTS_THRESHOLD });
  const flags = bursts
    .filter((burst) => !isLoopback(burst.ip))
    .flatMap((burst) =>
      burst.memberIds.map((memberId) => ({
        memberId,
        rule: 'MANY_ACCOUNTS_ONE_IP' as const,
        evidenceKey: `ip:${burst.ip}`,
        detail: {
          ip: burst.ip,
          accounts: burst.memberIds.length,
          withMemberIds: burst.memberIds.filter((id) => id !== memberId).slice(0, 20),
        },
      })),
    );
  return { flags, scannedTo: now };
};

/** A withdrawal asked for after deposits that were hardly played (stakes under 30% of them). */
const scanLowPlayWithdrawals: RuleScan = async (tx, merchantId, since, now) => {
  const withdrawals = await listPendingWithdrawalsWithDeposits(tx, {
    merchantId,
    since,
    lookbackDays: LOW_PLAY_LOOKBACK_DAYS,
    limit: SCAN_BATCH,
  });
  const flags: FlagInput[] = [];
  for (const withdrawal of withdrawals) {
    if (withdrawal.deposits <= 0n) continue;
    const from = new Date(withdrawal.createdAt.getTime() - LOW_PLAY_LOOKBACK_DAYS * 24 * 60 * 60 * 1000);
    const play = (await readPlayByMember(tx, { memberIds: [withdrawal.memberId], from, to: withdrawal.createdAt })).get(
      withdrawal.memberId,
    );
    const stakes = play?.validBet ?? 0n;
    if (stakes * 10_000n >= withdrawal.deposits * LOW_PLAY_RATIO_BP) continue;
    flags.push({
      memberId: withdrawal.memberId,
      rule: 'DEPOSIT_WITHDRAW_LOW_PLAY',
      evidenceKey: `withdrawal:${withdrawal.id}`,
      detail: {
        withdrawalId: withdrawal.id,
        amountMinor: withdrawal.amount.toString(),
        depositsMinor: withdrawal.deposits.toString(),
        stakesMinor: stakes.toString(),
        lookbackDays: LOW_PLAY_LOOKBACK_DAYS,
      },
    });
  }
  return {
    flags,
    scannedTo: markOf(
      withdrawals.map((row) => row.createdAt),
      now,
    ),
  };
};

/** Both sides of an even-chance lottery bet in one draw, for draws since the mark. */
const scanBothSides: RuleScan = async (tx, merchantId, since, now) => {
  const bets = await findOppositeLotteryBets(tx, { merchantId, from: since, to: now });
  const flags = bets.map((bet) => ({
    memberId: bet.memberId,
    rule: 'BOTH_SIDES' as const,
    evidenceKey: `lottery:${bet.issueId}:${bet.betType}`,
    detail: { game: 'lottery', issueNo: bet.issueNo, betType: bet.betType, selections: bet.selections, stakeMinor: bet.stake },
  }));
  return { flags, scannedTo: now };
};

/** Each mark is a separate rule name: the phone rule walks the same logins as the sightings rule, with its own progress. */
const SCANS: [mark: string, scan: RuleScan][] = [
  ['SIGHTINGS', scanSightings],
  ['SHARED_PHONE', scanPhones],
  ['SHARED_BANK_ACCOUNT', scanBankAccounts],
  ['MANY_ACCOUNTS_ONE_IP', scanRegistrationBursts],
  ['DEPOSIT_WITHDRAW_LOW_PLAY', scanLowPlayWithdrawals],
  ['BOTH_SIDES', scanBothSides],
];

/** Runs every rule once for one merchant; answers how many new flags were written (0 when another runner holds it). */
export async function scanRiskRules(db: Db, merchantId: number, now: Date): Promise<number> {
  let flagged = 0;
  for (const [mark, scan] of SCANS) {
    flagged += await db.transaction(async (tx) => {
      const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${SCAN_LOCK}, ${merchantId}) as locked`);
      const row = (locked as unknown as { rows: { locked: boolean }[] }).rows[0];
      if (!row?.locked) return 0;
      const [current] = await tx
        .select({ scannedTo: riskScanMarks.scannedTo })
        .from(riskScanMarks)
        .where(and(eq(riskScanMarks.merchantId, merchantId), eq(riskScanMarks.rule, mark)));
      const since = current?.scannedTo ?? new Date(now.getTime() - FIRST_SCAN_LOOKBACK_MS);
      const batch = await scan(tx, merchantId, since, now);
      const written = await recordRiskFlags(tx, merchantId, batch.flags, now);
      await tx
        .insert(riskScanMarks)
        .values({ merchantId, rule: mark, scannedTo: batch.scannedTo })
        .onConflictDoUpdate({ target: [riskScanMarks.merchantId, riskScanMarks.rule], set: { scannedTo: batch.scannedTo } });
      return written;
    });
  }
  return flagged;
}

/** Every few minutes, every merchant. */
export function riskScanJob(db: Db): ScheduledJob {
  return {
    name: 'risk-scan',
    everyMs: 5 * 60_000,
    run: async (now) => {
      const rows = await db.select({ id: merchants.id }).from(merchants);
      for (const merchant of rows) await scanRiskRules(db, merchant.id, now);
    },
  };
}
