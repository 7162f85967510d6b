import type { FastifyInstance } from 'fastify';
import { registerLotteryRoutes } from './lottery-routes';
import { registerSlotRoutes } from './slot-routes';

/** In-house games: slots with fairness seeds, and the scheduled lotteries. */
export async function registerHouseGameRoutes(app: FastifyInstance): Promise<void> {
  await registerSlotRoutes(app);
  await registerLotteryRoutes(app);
}
