/*
 * The facts module's public face (docs/ARCHITECTURE.md "Facts"): game paths, deposit credits and
 * withdrawal approvals record facts in their money transaction; loyalty engines (points, VIP,
 * rebates, missions, promotion turnover) and the agent report rollups implement FactEngine and are
 * listed once in modules/index.ts (factEngines); the consumer applies each fact to every engine
 * that takes its kind (FactEngine.kinds) exactly once.
 */
import type { FactConsumer } from './create-fact-consumer';

export type { FactConsumer, FactConsumerOptions } from './create-fact-consumer';
export { createFactConsumer } from './create-fact-consumer';
export type { DepositFactInput, Fact, FactEngine, FactKind, RoundFactInput, WithdrawalFactInput } from './fact-model';
export { DEFAULT_FACT_KINDS } from './fact-model';
export type { FactDeadLetter, FactQueueStatus } from './read-fact-queue';
export { listFactDeadLetters, readFactQueueStatus } from './read-fact-queue';
export { recordDepositFact, recordRoundFact, recordRoundFacts, recordWithdrawalFact, roundFactSql } from './record-fact';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one fact consumer (modules/index.ts builds it): drainMember for exact reads; main.ts starts its loop. */
    factConsumer: FactConsumer;
  }
}
