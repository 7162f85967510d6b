import type { FastifyInstance } from 'fastify';
import { rowsOf } from './sql-values';

/**
 * GET /readyz (issue 20): may the balancer send this node traffic? Liveness (/healthz) says the
 * process answers; readiness adds that the database is reachable, every migration this build
 * carries is applied (a node of a newer build waits for its migration), and the node is not
 * closing. HAProxy checks /readyz, so a draining or cut-off node leaves the rotation in seconds.
 */
export function registerReadiness(app: FastifyInstance, expectedMigrations: () => Promise<number>): void {
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (app.isClosing) return reply.status(503).send({ status: 'closing' });
    try {
      const expected = await expectedMigrations();
      const rows = rowsOf<{ applied: string | number }>(
        await app.db.execute('select count(*) as applied from drizzle.__drizzle_migrations'),
      );
      const applied = Number(rows[0]?.applied ?? 0);
      if (applied < expected) return reply.status(503).send({ status: 'migrating', applied, expected });
      return { status: 'ready', migrations: applied };
    } catch {
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });
}
