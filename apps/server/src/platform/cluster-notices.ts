import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DbOrTx } from './db';
import { REALTIME_CHANNEL } from './realtime/realtime-hub';

/**
 * Per-process caches that must be emptied on every node when something changes (issue 20): the
 * catalogue's (menus, lists, vendor directory) after an operator edit, and the catalogue's cache of
 * verified sessions after a revocation (logout, password change, refresh rotation). A change is
 * announced with pg_notify on the realtime channel, whose listener every node already holds (the
 * realtime hub); each node (this one included) runs the handlers registered for the notice's kind.
 * Revocations need no announcement of their own: the `{ revoke }` notice that closes /ws sockets
 * (revoke-sessions.ts) reaches the `revoke` handlers too.
 *
 * Best effort like every NOTIFY (one sent while a listener reconnects is missed), so the caches
 * keep their short expiry (seconds) as the bound.
 */

export type ClusterNoticeKind = 'catalogue' | 'revoke';
type Handler = (detail: unknown) => void;

declare module 'fastify' {
  interface FastifyInstance {
    clusterNotices: ClusterNotices;
  }
}

/**
 * Announces a change to every node. Sent with the caller's connection: inside a transaction
 * Postgres delivers it only on commit, so no node drops a cache for a change that rolled back.
 */
export async function announceClusterNotice(db: DbOrTx, kind: ClusterNoticeKind, detail: unknown = null): Promise<void> {
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify({ kind, detail })})`);
}

export class ClusterNotices {
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Runs `handler(detail)` on every notice of `kind` heard, and `handler(null)` after a lost listener came back. */
  on(kind: ClusterNoticeKind, handler: Handler): () => void {
    let set = this.handlers.get(kind);
    if (!set) {
      set = new Set();
      this.handlers.set(kind, set);
    }
    const handlers = set;
    handlers.add(handler);
    return () => handlers.delete(handler);
  }

  /** Runs the handlers of a notice heard. */
  run(kind: string, detail: unknown): void {
    for (const handler of this.handlers.get(kind) ?? []) {
      try {
        handler(detail);
      } catch (error) {
        this.log.error({ err: error, kind }, 'cluster notice handler failed');
      }
    }
  }
}

/**
 * Decorates `app.clusterNotices` and hears the notices on the realtime hub's LISTEN connection
 * (one listener per node, whatever the database: the hub's own, or PGlite's in one process).
 */
export function registerClusterNotices(app: FastifyInstance): void {
  const notices = new ClusterNotices(app.log);
  app.decorate('clusterNotices', notices);
  // The hub is registered with the modules; wired once everything is.
  app.addHook('onReady', async () => {
    app.realtime.onClusterNotice = ({ kind, detail }) => notices.run(kind, detail);
  });
}
