import type { FastifyInstance } from 'fastify';
import { registerCatalogueRoutes } from './catalogue/routes';
import { registerMessagesRoutes } from './messages/routes';
import { registerSystemRoutes } from './system/routes';

/** Module route plugins, in order. Each module registers its own routes and policies. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(registerSystemRoutes);
  await app.register(registerMessagesRoutes);
  await app.register(registerCatalogueRoutes);
}
