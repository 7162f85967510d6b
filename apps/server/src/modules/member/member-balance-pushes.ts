import { type BalancePushMessage, formatAmount, type LedgerAccountCode } from '@kismat/contracts/wallet';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { members } from '../../db/schema/accounts';
import type { DbOrTx } from '../../platform/db';
import type { RealtimeEnvelope, RealtimeHub } from '../../platform/realtime/realtime-hub';
import { rowsOf, toBigInt, toNumber } from '../../platform/sql-values';
import { memberAccountsRelation } from '../wallet/index';

/** Calls of one member within this window make one push (a bet and its win are one message). */
export const BALANCE_PUSH_DELAY_MS = 250;

const PUSHED_CODES: LedgerAccountCode[] = ['MEMBER_CASH', 'MEMBER_TRIAL'];

/**
 * Tells a member's open pages the balance after money moved outside the member's own requests
 * (a game vendor's bet, win or rollback), so the header follows play in a game on every page
 * and in every tab. The figures are read after the calls committed, for all members due in one
 * query, so two calls answered out of order can never leave an older balance on screen, and a
 * busy vendor costs one small query and a few NOTIFYs per quarter second per node, not one per call.
 */
export class MemberBalancePushes {
  private readonly due = new Set<number>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DbOrTx,
    /** The hub, once registered (it decorates the app after the vendor API). */
    private readonly hub: () => RealtimeHub | null,
    private readonly log: FastifyBaseLogger,
    private readonly delayMs = BALANCE_PUSH_DELAY_MS,
  ) {}

  /** The member's balance moved (committed): push it soon. */
  queue(memberId: number): void {
    const hub = this.hub();
    // One process: a member with no open page here has no page anywhere.
    if (!hub || (!hub.isDistributed && hub.connectionCount(memberId) === 0)) return;
    this.due.add(memberId);
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.running.then(() => this.flush());
    }, this.delayMs);
    this.timer.unref?.();
  }

  /** Pushes what is due now (also on close, so a last round is not lost). */
  async drain(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.running = this.running.then(() => this.flush());
    await this.running;
  }

  private async flush(): Promise<void> {
    const hub = this.hub();
    const memberIds = [...this.due];
    this.due.clear();
    if (!hub || memberIds.length === 0) return;
    try {
      // Through the member's merchant: the owner index of ledger accounts starts with it. The
      // accounts are the wallet's (a derived table from its face, inlined: one statement, as before).
      const rows = rowsOf<{ member_id: unknown; merchant_id: unknown; code: string; balance: unknown; held: unknown }>(
        await this.db.execute(sql`
          SELECT a.owner_member_id AS member_id, a.merchant_id, a.code, a.balance, a.held
            FROM ${members}
            JOIN ${memberAccountsRelation()} AS a
              ON a.merchant_id = ${members.merchantId} AND a.owner_member_id = ${members.id} AND ${inArray(sql`a.code`, PUSHED_CODES)}
           WHERE ${inArray(members.id, memberIds)}`),
      );
      const byMember = new Map<number, { merchantId: number; cash: bigint; trial: bigint }>();
      for (const row of rows) {
        const memberId = toNumber(row.member_id);
        const figures = byMember.get(memberId) ?? { merchantId: toNumber(row.merchant_id), cash: 0n, trial: 0n };
        if (row.code === 'MEMBER_CASH') figures.cash = toBigInt(row.balance) - toBigInt(row.held);
        else figures.trial = toBigInt(row.balance);
        byMember.set(memberId, figures);
      }
      const envelopes: RealtimeEnvelope[] = [...byMember].map(([memberId, figures]) => ({
        merchantId: figures.merchantId,
        memberId,
        message: {
          type: 'balance',
          balance: formatAmount(figures.cash),
          trialBalance: formatAmount(figures.trial),
        } satisfies BalancePushMessage,
      }));
      await hub.publishMany(envelopes);
    } catch (error) {
      // Best effort, like every push: the page still reads the balance on focus and on request.
      this.log.warn({ err: error }, 'balance push failed');
    }
  }
}
