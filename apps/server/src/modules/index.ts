import type { FastifyInstance } from 'fastify';

/** Module route plugins, in order. Each module registers its own routes and policies. */
export async function registerModules(_app: FastifyInstance): Promise<void> {}
