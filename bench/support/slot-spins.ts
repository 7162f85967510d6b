import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { formatAmount } from '@kismat/contracts/wallet';
import { SLOT_TITLES } from '@kismat/game-math/slots/slot-titles';
import type { HttpClient } from '../../apps/server/src/test/crash-harness';

/** What a spin run measured: latencies (ms, ascending) and the failed spins by code. */
export interface SpinRun {
  latencies: number[];
  failures: Map<string, number>;
  failed: number;
}

/**
 * Paid spins over HTTP through the real spin route for `seconds`: each of `workers` spins its own
 * players (a member's spins queue on their seed row by design), one spin at a time, every slot
 * title in turn at its lowest bet level.
 */
export async function spinSlotsFor(client: HttpClient, tokens: readonly string[], workers: number, seconds: number): Promise<SpinRun> {
  const bets = SLOT_TITLES.map((title) => ({ titleId: title.id, betLevel: formatAmount(title.betLevelsMinor[0] ?? 100n) }));
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_unused, worker) => {
      const mine = tokens.filter((_token, index) => index % workers === worker);
      for (let spin = 0; performance.now() < deadline; spin += 1) {
        const started = performance.now();
        const result = await client.request({
          method: 'POST',
          path: HOUSE_GAME_PATHS.spin,
          token: mine[spin % mine.length],
          body: { ...bets[spin % bets.length], idempotencyKey: randomUUID() },
        });
        latencies.push(performance.now() - started);
        const code = (result.json as { code?: string } | undefined)?.code ?? `HTTP ${result.status}`;
        if (result.status !== 200 || code !== 'OK') failures.set(code, (failures.get(code) ?? 0) + 1);
      }
    }),
  );
  latencies.sort((left, right) => left - right);
  const failed = [...failures.values()].reduce((sum, value) => sum + value, 0);
  return { latencies, failures, failed };
}

/** `N failed` and, when any did, the failures by code. */
export function describeFailures(run: SpinRun): string {
  return `${run.failed} failed${run.failed ? `: ${JSON.stringify(Object.fromEntries(run.failures))}` : ''}`;
}
