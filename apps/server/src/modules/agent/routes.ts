import type { FastifyInstance } from 'fastify';
import { billRoutes } from './bill-routes';
import { contractRoutes } from './contract-routes';
import { invitationRoutes } from './invitation-routes';
import { reportRoutes } from './report-routes';
import { teamRoutes } from './team-routes';

/**
 * The agent centre (requireAgent on every route) and the downline's contract relays (any real
 * member), one file per resource. Each route that names another member checks it against the
 * caller's subtree.
 */
export async function agentRoutes(root: FastifyInstance): Promise<void> {
  await teamRoutes(root);
  await invitationRoutes(root);
  await contractRoutes(root);
  await billRoutes(root);
  await reportRoutes(root);
}
