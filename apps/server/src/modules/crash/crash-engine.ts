import { hostname } from 'node:os';
import type { CrashPush } from '@kismat/contracts/crash';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { crashBets } from '../../db/schema/crash';
import { merchants } from '../../db/schema/merchants';
import type { Db } from '../../platform/db';
import { rowsOf } from '../../platform/sql-values';
import { cashOutAutoTargets } from './cash-out-crash-bet';
import { type CrashChainRow, findChain, findLatestChain } from './crash-chains';
import { CRASH_PAUSE_MS, crashEdgeOf } from './crash-rules';
import { type CrashRoundRow, openCrashRound } from './open-crash-round';
import type { CrashBetRow } from './place-crash-bet';
import { phaseAt, presentCrashBet, presentCrashRound } from './present-crash';
import { readCurrentRound } from './read-crash-state';
import { settleCrashRound } from './settle-crash-round';

/** What the engine pushes through: the realtime hub's broadcast to a merchant's open sockets. */
export interface CrashPublisher {
  publishToMerchant(merchantId: number, message: CrashPush): Promise<void>;
}

export interface CrashEngineOptions {
  db: Db;
  publisher: CrashPublisher;
  now: () => Date;
  log?: FastifyBaseLogger;
  /** Names this node in the lease (host:pid by default; tests run two engines in one process). */
  node?: string;
  tickMs?: number;
  /** How long a lease lasts unless renewed: the longest a dead leader's rounds stand still. */
  leaseMs?: number;
}

interface MerchantRun {
  round: CrashRoundRow | null;
  pushedPhase: string | null;
  /** The lowest auto target among the running round's open bets (null: none). */
  nextAutoTarget: number | null;
  isAutoTargetLoaded: boolean;
}

/**
 * The crash round engine. Every server process runs one, but only the holder of a merchant's
 * lease (crash_engine_leases, renewed on the database's clock) drives that merchant's rounds:
 * open a round, pay auto cash-outs as the curve passes them, settle at the crash, open the next
 * after a pause. A leader that dies stops renewing; another process takes the lease once it
 * expires and carries on from the rounds table (the timeline is in the rows, nothing is lost).
 * Members' bets and cash-outs never wait for the engine: the clock and the round row decide.
 */
export class CrashEngine {
  private readonly node: string;
  private readonly leaseMs: number;
  private readonly runs = new Map<number, MerchantRun>();
  /** Local time until which this node may act as leader of a merchant (renewed well before). */
  private readonly leaderUntil = new Map<number, number>();
  private lastLeaseAttempt = 0;
  private merchantList: { id: number; settings: Record<string, unknown> }[] = [];
  private merchantListAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private isTicking = false;

  constructor(private readonly options: CrashEngineOptions) {
    this.node = options.node ?? `${hostname()}:${process.pid}`;
    this.leaseMs = options.leaseMs ?? 3_000;
  }

  start(): () => Promise<void> {
    this.timer = setInterval(() => void this.tick(), this.options.tickMs ?? 100);
    this.timer.unref();
    return () => this.stop();
  }

  /** Stops ticking without handing the leases back: what a killed process does (tests). */
  async halt(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.isTicking) await new Promise((resolve) => setTimeout(resolve, 10));
    this.leaderUntil.clear();
  }

  /** Stops ticking and hands the leases back, so another node takes over at once. */
  async stop(): Promise<void> {
    const held = [...this.leaderUntil.keys()];
    await this.halt();
    for (const merchantId of held) {
      await this.options.db
        .execute(sql`DELETE FROM crash_engine_leases WHERE merchant_id = ${merchantId} AND node = ${this.node}`)
        .catch(() => undefined);
    }
  }

  isLeaderOf(merchantId: number): boolean {
    return (this.leaderUntil.get(merchantId) ?? 0) > Date.now();
  }

  /** One pass over the merchants: renew or take leases (every third of a lease), then drive the led rounds. */
  async tick(): Promise<void> {
    if (this.isTicking) return;
    this.isTicking = true;
    try {
      const wallNow = Date.now();
      if (wallNow - this.merchantListAt > 30_000) {
        this.merchantList = await this.options.db.select({ id: merchants.id, settings: merchants.settings }).from(merchants);
        this.merchantListAt = wallNow;
      }
      if (wallNow - this.lastLeaseAttempt >= this.leaseMs / 3) {
        this.lastLeaseAttempt = wallNow;
        for (const merchant of this.merchantList) await this.claimLease(merchant.id, wallNow);
      }
      for (const merchant of this.merchantList) {
        if (!this.isLeaderOf(merchant.id)) continue;
        try {
          await this.step(merchant);
        } catch (error) {
          this.options.log?.error({ err: error, merchantId: merchant.id }, 'crash engine step failed');
          this.runs.delete(merchant.id);
        }
      }
    } catch (error) {
      this.options.log?.error({ err: error }, 'crash engine tick failed');
    } finally {
      this.isTicking = false;
    }
  }

  private async claimLease(merchantId: number, wallNow: number): Promise<void> {
    const seconds = this.leaseMs / 1000;
    const rows = rowsOf<{ node: string }>(
      await this.options.db.execute(sql`
        INSERT INTO crash_engine_leases (merchant_id, node, expires_at)
        VALUES (${merchantId}, ${this.node}, now() + make_interval(secs => ${seconds}))
        ON CONFLICT (merchant_id) DO UPDATE SET node = EXCLUDED.node, expires_at = EXCLUDED.expires_at
         WHERE crash_engine_leases.node = EXCLUDED.node OR crash_engine_leases.expires_at < now()
        RETURNING node`),
    );
    if (rows.length > 0) {
      // Act only within two thirds of the lease: a node that lost the database stops before another may take over.
      this.leaderUntil.set(merchantId, wallNow + (this.leaseMs * 2) / 3);
    } else {
      this.leaderUntil.delete(merchantId);
      this.runs.delete(merchantId);
    }
  }

  /** Drives one merchant's round one step on from where the rows say it is. */
  private async step(merchant: { id: number; settings: Record<string, unknown> }): Promise<void> {
    const { db, now } = this.options;
    let run = this.runs.get(merchant.id);
    if (!run) {
      run = { round: null, pushedPhase: null, nextAutoTarget: null, isAutoTargetLoaded: false };
      this.runs.set(merchant.id, run);
      const chain = await findLatestChain(db, merchant.id);
      if (chain) run.round = (await readCurrentRound(db, merchant.id)).round;
    }
    const at = now();
    let round = run.round;
    if (!round || round.settledAt !== null) {
      if (round && at.getTime() < round.crashesAt.getTime() + CRASH_PAUSE_MS) return;
      round = await openCrashRound(db, { merchantId: merchant.id, edgeBasisPoints: crashEdgeOf(merchant), now: at });
      Object.assign(run, { round, pushedPhase: null, nextAutoTarget: null, isAutoTargetLoaded: false });
    }
    const phase = phaseAt(round, at);
    if (phase === 'RUNNING') {
      if (!run.isAutoTargetLoaded) {
        run.nextAutoTarget = await this.lowestAutoTarget(round.id);
        run.isAutoTargetLoaded = true;
      }
      if (run.pushedPhase !== 'RUNNING') await this.pushRound(round, at, run);
      if (run.nextAutoTarget !== null && run.nextAutoTarget <= round.crashPoint) {
        const paid = await cashOutAutoTargets(db, round, at);
        if (paid.length > 0) {
          await this.pushBets(merchant.id, paid);
          run.nextAutoTarget = await this.lowestAutoTarget(round.id);
        }
      }
      return;
    }
    if (phase === 'CRASHED') {
      const { paid } = await settleCrashRound(db, round, at);
      await this.pushBets(merchant.id, paid);
      run.round = { ...round, settledAt: at };
      await this.pushRound(run.round, at, run);
      return;
    }
    if (run.pushedPhase !== 'BETTING') await this.pushRound(round, at, run);
  }

  private async lowestAutoTarget(roundId: number): Promise<number | null> {
    const [row] = rowsOf<{ target: number | null }>(
      await this.options.db.execute(
        sql`SELECT min(${crashBets.autoCashOut}) AS target FROM ${crashBets} WHERE ${crashBets.roundId} = ${roundId} AND ${crashBets.status} = 'OPEN'`,
      ),
    );
    return row?.target === null || row?.target === undefined ? null : Number(row.target);
  }

  private async pushRound(round: CrashRoundRow, at: Date, run: MerchantRun): Promise<void> {
    const chain = await findLatestChainOf(this.options.db, round);
    run.pushedPhase = phaseAt(round, at);
    await this.options.publisher
      .publishToMerchant(round.merchantId, {
        type: 'crash',
        event: 'round',
        round: presentCrashRound(round, chain, at),
        serverTime: at.toISOString(),
      })
      .catch((error: unknown) => this.options.log?.warn({ err: error }, 'crash push failed'));
  }

  private async pushBets(merchantId: number, bets: CrashBetRow[]): Promise<void> {
    for (const bet of bets) {
      await this.options.publisher
        .publishToMerchant(merchantId, { type: 'crash', event: 'bet', bet: presentCrashBet(bet) })
        .catch((error: unknown) => this.options.log?.warn({ err: error }, 'crash push failed'));
    }
  }
}

const chainCache = new Map<number, CrashChainRow>();

async function findLatestChainOf(db: Db, round: CrashRoundRow): Promise<CrashChainRow> {
  const hit = chainCache.get(round.chainId);
  if (hit) return hit;
  const chain = await findChain(db, round.chainId);
  chainCache.set(chain.id, chain);
  return chain;
}
