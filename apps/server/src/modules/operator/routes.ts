import type { FastifyInstance } from 'fastify';
import { registerOperatorAuditRoutes } from './audit-routes';
import { registerOperatorManagementRoutes } from './operator-routes';
import { registerOperatorSessionRoutes } from './session-routes';
import { registerOperatorWalletRoutes } from './wallet-routes';

/** Operator accounts: sessions, the audit log, manual adjustments and operator management (the other /admin-api routes register beside their domains). */
export async function registerOperatorAccountRoutes(app: FastifyInstance): Promise<void> {
  await app.register(registerOperatorSessionRoutes);
  await app.register(registerOperatorAuditRoutes);
  await app.register(registerOperatorWalletRoutes);
  await app.register(registerOperatorManagementRoutes);
}
