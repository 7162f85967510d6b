import type { VendorResponse } from '@kismat/contracts/vendor-wallet';
import type { Db } from '../../platform/db';
import { placePreparedBet } from './place-vendor-bet';
import { type PreparedVendorCall, settleVendorBatch } from './settle-vendor-batch';
import { settlePreparedWin } from './settle-vendor-win';

export interface VendorBatchOptions {
  /** How long the first call of a batch waits for others (ms). */
  windowMs: number;
  /** A batch closes at once when it has this many calls. */
  maxCalls: number;
  /**
   * Batches in flight at once (each holds one connection for its transaction). Batches in flight
   * never share a member: a member's calls wait for the batch holding that member.
   */
  maxInFlight: number;
}

/** What a batch did, for tests and the bench. */
export interface VendorBatchReport {
  size: number;
  /** committed: one transaction answered every call; replayed: it failed, and each call ran alone. */
  outcome: 'committed' | 'replayed';
  error?: unknown;
}

interface Pending {
  prepared: PreparedVendorCall;
  resolve: (response: VendorResponse) => void;
  reject: (error: unknown) => void;
}

/** A call's vendor transaction id and vendor round, as the batcher keeps them apart. */
function keysOf(pending: Pending): [string, string] {
  const vendorId = pending.prepared.call.vendor.vendorId;
  return [`t:${vendorId}:${pending.prepared.request.transactionUuid}`, `r:${vendorId}:${pending.prepared.request.roundId}`];
}

/** The member whose money a call moves (one member may have many calls in one batch, never in two batches at once). */
function memberOf(pending: Pending): number {
  return pending.prepared.session.memberId;
}

export const DEFAULT_VENDOR_BATCH: VendorBatchOptions = { windowMs: 2, maxCalls: 64, maxInFlight: 1 };

/** One call alone, in a transaction of its own: the path before group commit. */
export function settleVendorCallAlone(prepared: PreparedVendorCall): Promise<VendorResponse> {
  return prepared.kind === 'BET' ? placePreparedBet(prepared) : settlePreparedWin(prepared);
}

/**
 * The group commit of vendor bets and wins (docs/ledger.md, "Group commit for vendor calls"): a
 * per-process queue of calls that passed their per-call checks (signature, timestamp, session,
 * syntax). The first call of an empty queue opens a window of `windowMs`; when it ends, or when
 * `maxCalls` wait, the calls run as one transaction (`settleVendorBatch`) and each is answered
 * only after its COMMIT, so a crash loses a whole uncommitted batch and the vendor's retry finds
 * nothing. A transaction id or a round already in the batch waits for the next one (a repeated
 * id is then a replay answered from the stored row, and each round is locked once per batch).
 * If the batch fails for any other reason than a refused call, it has rolled back and each call
 * runs alone through the one-call path, so one bad call never fails its neighbours.
 *
 * With `maxInFlight` above 1, the next batch gathers and commits while another is in flight, but
 * never with a member that batch holds: two batches in flight lock disjoint cash rows, so neither
 * waits on the other's row locks (only the sharded clearing account is shared, and each takes a
 * free shard), and one member's calls still run in arrival order, batch after batch.
 *
 * On PGlite (one connection) `maxInFlight` is 1 and nothing inside a batch uses the pool, so the
 * batch cannot wait on itself.
 */
export class VendorBatcher {
  private readonly queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** The window of the calls in the queue has ended: run them as soon as a slot is free. */
  private isDue = false;
  private inFlight = 0;
  /** Transaction ids and rounds of the batches in flight: a call naming one waits for that batch to end. */
  private readonly busy = new Set<string>();
  /** Members of the batches in flight: their calls wait for that batch to end (batches in flight are member-disjoint). */
  private readonly busyMembers = new Set<number>();
  private readonly running = new Set<Promise<void>>();
  private readonly observers = new Set<(report: VendorBatchReport) => void>();
  options: VendorBatchOptions;

  constructor(
    private readonly db: Db,
    options: Partial<VendorBatchOptions> = {},
  ) {
    this.options = { ...DEFAULT_VENDOR_BATCH, ...options };
  }

  /** Queues a prepared bet or win; resolves with its answer after its batch committed (or rejects with its VendorError). */
  submit(prepared: PreparedVendorCall): Promise<VendorResponse> {
    return new Promise((resolve, reject) => {
      this.queue.push({ prepared, resolve, reject });
      this.schedule();
    });
  }

  /** Called with a report after every batch (tests count batches; never throws into the batcher). */
  observe(observer: (report: VendorBatchReport) => void): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /** Runs what waits and resolves when nothing is queued or in flight (graceful close). */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.running.size > 0) {
      this.isDue = this.queue.length > 0;
      this.flush();
      await Promise.race([...this.running]);
    }
  }

  private schedule(): void {
    if (this.queue.length >= this.options.maxCalls) this.isDue = true;
    if (this.isDue) {
      this.flush();
      return;
    }
    if (this.timer === null && this.queue.length > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.isDue = true;
        this.flush();
      }, this.options.windowMs);
    }
  }

  private flush(): void {
    while (this.isDue && this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      if (this.timer !== null) {
        clearTimeout(this.timer);
        this.timer = null;
      }
      const batch = this.take();
      if (batch.length === 0) break;
      // What stayed behind (a repeated id or round) has waited its window already.
      this.isDue = this.queue.length > 0;
      this.inFlight += 1;
      const members = new Set(batch.map(memberOf));
      for (const member of members) this.busyMembers.add(member);
      const done: Promise<void> = this.run(batch).finally(() => {
        for (const pending of batch) for (const key of keysOf(pending)) this.busy.delete(key);
        for (const member of members) this.busyMembers.delete(member);
        this.inFlight -= 1;
        this.running.delete(done);
        this.schedule();
      });
      this.running.add(done);
    }
  }

  /**
   * The next batch, in arrival order: at most maxCalls, each transaction id and each round at
   * most once, and none that a batch in flight holds (a win waits for its bet's commit), nor any
   * call of a member a batch in flight holds.
   */
  private take(): Pending[] {
    const batch: Pending[] = [];
    const seen = this.busy;
    let index = 0;
    while (index < this.queue.length && batch.length < this.options.maxCalls) {
      const pending = this.queue[index]!;
      const [transactionKey, roundKey] = keysOf(pending);
      if (seen.has(transactionKey) || seen.has(roundKey) || this.busyMembers.has(memberOf(pending))) {
        index += 1;
        continue;
      }
      seen.add(transactionKey);
      seen.add(roundKey);
      batch.push(pending);
      this.queue.splice(index, 1);
    }
    return batch;
  }

  private async run(batch: Pending[]): Promise<void> {
    let outcomes: Awaited<ReturnType<typeof settleVendorBatch>>;
    try {
      outcomes = await settleVendorBatch(
        this.db,
        batch.map((pending) => pending.prepared),
      );
    } catch (error) {
      // Rolled back: each call alone, as if there were no batch (their answers are independent).
      this.report({ size: batch.length, outcome: 'replayed', error });
      await Promise.all(batch.map((pending) => settleVendorCallAlone(pending.prepared).then(pending.resolve, pending.reject)));
      return;
    }
    this.report({ size: batch.length, outcome: 'committed' });
    outcomes.forEach((outcome, index) => {
      const pending = batch[index]!;
      if ('response' in outcome) pending.resolve(outcome.response);
      else pending.reject(outcome.error);
    });
  }

  private report(report: VendorBatchReport): void {
    for (const observer of this.observers) {
      try {
        observer(report);
      } catch {
        // An observer's failure is its own.
      }
    }
  }
}
