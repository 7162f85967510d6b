import type { FastifyInstance } from 'fastify';
import { registerEvolutionRoutes } from './evolution/routes';
import { registerHub88WalletRoutes } from './hub88/wallet-routes';
import { registerAggregatorOperatorRoutes } from './operator-routes';

/**
 * Every route of the aggregators module (issue 21): the operator API (contracts, sync, rounds,
 * reconciliation) and each adapter's wallet endpoints, which speak its aggregator's protocol
 * through the vendor wallet's core. Registered after the vendor wallet (its directory and group
 * commit decorate the app).
 */
export async function registerAggregatorRoutes(app: FastifyInstance): Promise<void> {
  await app.register(registerAggregatorOperatorRoutes);
  await app.register(registerHub88WalletRoutes);
  await app.register(registerEvolutionRoutes);
}
