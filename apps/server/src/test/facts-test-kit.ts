import type { FastifyInstance } from 'fastify';

/**
 * Applies every queued fact with the app's consumer (tests never auto-poll: the loop starts only
 * in main.ts), so a test reads the engines' effects deterministically. Returns how many facts.
 */
export async function drainFacts(app: FastifyInstance, maxBatches = 1_000): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const applied = await app.factConsumer.processBatch();
    total += applied;
    if (applied === 0) return total;
  }
  throw new Error(`drainFacts: still facts queued after ${maxBatches} batches`);
}
