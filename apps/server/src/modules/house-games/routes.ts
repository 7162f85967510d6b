import type { FastifyInstance } from 'fastify';
import { registerLotteryRoutes } from './lottery-routes';
import { configureSeedVault } from './seed-vault';
import { registerSlotRoutes } from './slot-routes';

/** In-house games: slots with fairness seeds, and the scheduled lotteries. */
export async function registerHouseGameRoutes(app: FastifyInstance): Promise<void> {
  // The key that seals secret seeds (seed-vault.ts): from this app's config, also for the jobs main.ts starts after it.
  configureSeedVault(app.config);
  await registerSlotRoutes(app);
  await registerLotteryRoutes(app);
}
