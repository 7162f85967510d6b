import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { ListenConnection } from './listen-connection';

/** One open socket of a member. */
export interface RealtimeSocket {
  send(data: string): void;
  close?(code?: number, reason?: string): void;
}

/**
 * Sessions that ended (logout, password change or reset, refresh rotation, a reused refresh
 * token): their sockets must stop receiving the member's pushes at once, on every node.
 * `sessionIds` names them; without it every session of the member but `exceptSessionId` ended.
 */
export interface SessionRevocation {
  memberId: number;
  sessionIds?: number[];
  exceptSessionId?: number;
}

/** A change every node's per-process caches must hear of (platform/cluster-notices.ts). */
export interface ClusterNotice {
  kind: string;
  detail: unknown;
}

/** Close code of a socket whose session ended; the browser stops reconnecting with that token. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/** Names the dedicated listener connection in pg_stat_activity. */
export const REALTIME_APPLICATION_NAME = 'kismat-realtime';

/** The LISTEN/NOTIFY channel: member messages, and `{ revoke }` notices sent by session revocation. */
export const REALTIME_CHANNEL = 'kismat_realtime';

/** What a node publishes: a message for every open socket of one member, on whatever node it is. */
export interface RealtimeEnvelope {
  merchantId: number;
  memberId: number;
  message: unknown;
}

/**
 * A message for every socket subscribed to a topic (sockets that are not one member's: a
 * visitor's chat, the support operators of a merchant), on whatever node they are.
 */
export interface TopicEnvelope {
  topic: string;
  message: unknown;
}

type AnyEnvelope = RealtimeEnvelope | TopicEnvelope;

const CHANNEL = REALTIME_CHANNEL;
// NOTIFY payloads are limited to 8000 bytes; messages are small, bigger ones are dropped loudly.
const MAX_PAYLOAD_BYTES = 7900;

/**
 * Pushes messages to members' open /ws sockets. Sockets live on one node; a publish reaches all
 * nodes through Postgres LISTEN/NOTIFY when a server URL is configured, otherwise (PGlite, one
 * process) it is delivered in-process. Delivery is best effort: the inbox table is the record.
 */
export class RealtimeHub {
  private readonly sockets = new Map<number, Set<RealtimeSocket>>();
  /** The session each socket authenticated with (sockets without one are never closed by a revocation). */
  private readonly sessionOf = new Map<RealtimeSocket, number>();
  private readonly topics = new Map<string, Set<RealtimeSocket>>();
  private listener: ListenConnection | null = null;
  private readonly nodeId = randomUUID();

  constructor(private readonly log: FastifyBaseLogger) {}

  /**
   * Cluster notices ride on this channel and its listener (platform/cluster-notices.ts): the
   * `{ kind, detail }` payloads, and every revocation, go to this handler.
   */
  onClusterNotice: ((notice: ClusterNotice) => void) | null = null;

  /**
   * Starts listening for other nodes' messages; without a URL the hub stays in-process. A
   * dropped listener connection is reopened (ListenConnection); `onReconnected` runs after that.
   */
  async start(databaseUrl: string | undefined, options: { onReconnected?: () => void } = {}): Promise<void> {
    if (!databaseUrl) return;
    const listener = new ListenConnection({
      name: 'realtime listener',
      channels: [CHANNEL],
      log: this.log,
      onNotification: (_channel, payload) => this.handleNotice(payload),
      ...(options.onReconnected ? { onReconnected: options.onReconnected } : {}),
      async open() {
        // keepAlive: a connection cut without a FIN (a NAT or a failover) is found dead too.
        const client = new pg.Client({ connectionString: databaseUrl, application_name: REALTIME_APPLICATION_NAME, keepAlive: true });
        client.on('error', () => undefined);
        try {
          await client.connect();
        } catch (error) {
          await client.end().catch(() => undefined);
          throw error;
        }
        return { client, discard: () => void client.end().catch(() => undefined) };
      },
    });
    await listener.start();
    this.listener = listener;
  }

  /** A NOTIFY payload on the channel: member messages, or a `{ revoke }` notice. */
  handleNotice(payload: string): void {
    try {
      const parsed = JSON.parse(payload) as AnyEnvelope | { batch: AnyEnvelope[] } | { revoke: SessionRevocation };
      if ('revoke' in parsed) {
        this.closeSessions(parsed.revoke);
        this.onClusterNotice?.({ kind: 'revoke', detail: parsed.revoke });
      } else if ('kind' in parsed) this.onClusterNotice?.(parsed as unknown as ClusterNotice);
      else this.deliver(parsed);
    } catch (error) {
      this.log.warn({ err: error }, 'realtime: unreadable notification');
    }
  }

  async stop(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    await listener?.stop();
  }

  get isDistributed(): boolean {
    return this.listener !== null;
  }

  /** Registers a socket (opened with `sessionId`'s token); returns the function that removes it. */
  subscribe(memberId: number, socket: RealtimeSocket, sessionId?: number): () => void {
    let set = this.sockets.get(memberId);
    if (!set) {
      set = new Set();
      this.sockets.set(memberId, set);
    }
    set.add(socket);
    if (sessionId !== undefined) this.sessionOf.set(socket, sessionId);
    return () => this.remove(memberId, socket);
  }

  /** Registers a socket for a topic's messages; returns the function that removes it. */
  subscribeTopic(topic: string, socket: RealtimeSocket): () => void {
    let set = this.topics.get(topic);
    if (!set) {
      set = new Set();
      this.topics.set(topic, set);
    }
    set.add(socket);
    return () => {
      const current = this.topics.get(topic);
      current?.delete(socket);
      if (current && current.size === 0) this.topics.delete(topic);
    };
  }

  private remove(memberId: number, socket: RealtimeSocket): void {
    const current = this.sockets.get(memberId);
    current?.delete(socket);
    this.sessionOf.delete(socket);
    if (current && current.size === 0) this.sockets.delete(memberId);
  }

  /**
   * Closes this node's sockets of ended sessions (every node runs it for every revocation
   * notice). They leave the member's set before closing, so no push reaches them in between.
   */
  closeSessions(revocation: SessionRevocation): number {
    const set = this.sockets.get(revocation.memberId);
    if (!set) return 0;
    const ended = [...set].filter((socket) => {
      const sessionId = this.sessionOf.get(socket);
      if (sessionId === undefined) return false;
      if (revocation.sessionIds) return revocation.sessionIds.includes(sessionId);
      return sessionId !== revocation.exceptSessionId;
    });
    for (const socket of ended) this.endSocket(revocation.memberId, socket);
    return ended.length;
  }

  private endSocket(memberId: number, socket: RealtimeSocket): void {
    this.remove(memberId, socket);
    try {
      socket.send(JSON.stringify({ type: 'error', code: 'SESSION_EXPIRED' }));
      socket.close?.(SESSION_ENDED_CLOSE_CODE, 'session ended');
    } catch (error) {
      this.log.debug({ err: error }, 'realtime: closing a socket of an ended session');
    }
  }

  /** Session ids of this node's sockets, for the periodic re-check. */
  openSessionIds(): number[] {
    return [...new Set(this.sessionOf.values())];
  }

  /**
   * The backstop of the revocation notices (a notice lost with a dropped listener connection,
   * an idle session that expired, a frozen account, PGlite with no LISTEN): closes every
   * socket whose session is not in `stillValid`.
   */
  closeSessionsNotIn(stillValid: ReadonlySet<number>): number {
    let closed = 0;
    for (const [memberId, set] of [...this.sockets]) {
      for (const socket of [...set]) {
        const sessionId = this.sessionOf.get(socket);
        if (sessionId !== undefined && !stillValid.has(sessionId)) {
          this.endSocket(memberId, socket);
          closed += 1;
        }
      }
    }
    return closed;
  }

  connectionCount(memberId: number): number {
    return this.sockets.get(memberId)?.size ?? 0;
  }

  /** Sends to every node (or just this one). Call after the transaction that produced the message committed. */
  async publish(envelope: AnyEnvelope): Promise<void> {
    // In-process, or the listener is reconnecting (it logged the loss): this node's sockets
    // still get the message; other nodes miss it, as they would any lost NOTIFY.
    if (!this.listener?.isConnected) {
      this.deliver(envelope);
      return;
    }
    const payload = JSON.stringify({ ...envelope, origin: this.nodeId });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      this.log.warn({ to: 'topic' in envelope ? envelope.topic : envelope.memberId }, 'realtime message too large for NOTIFY; not pushed');
      return;
    }
    try {
      // The listener connection itself delivers to this node too, so every node follows one path.
      await this.listener.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
    } catch (error) {
      this.log.warn({ err: error }, 'realtime publish failed; delivering locally only');
      this.deliver(envelope);
    }
  }

  /**
   * Sends many envelopes with as few NOTIFYs as fit in the payload limit (a balance push per
   * playing member every quarter second would otherwise be thousands of NOTIFYs a second).
   */
  async publishMany(envelopes: AnyEnvelope[]): Promise<void> {
    if (envelopes.length === 0) return;
    if (!this.listener?.isConnected) {
      for (const envelope of envelopes) this.deliver(envelope);
      return;
    }
    // Room for the batch wrapper and the node id around the envelopes.
    const budget = MAX_PAYLOAD_BYTES - 100;
    const chunks: string[][] = [];
    let current: string[] = [];
    let size = 0;
    for (const envelope of envelopes) {
      const json = JSON.stringify(envelope);
      const bytes = Buffer.byteLength(json) + 1;
      if (bytes > budget) {
        this.log.warn(
          { to: 'topic' in envelope ? envelope.topic : envelope.memberId },
          'realtime message too large for NOTIFY; not pushed',
        );
        continue;
      }
      if (size + bytes > budget) {
        chunks.push(current);
        current = [];
        size = 0;
      }
      current.push(json);
      size += bytes;
    }
    if (current.length > 0) chunks.push(current);
    for (const chunk of chunks) {
      const payload = `{"origin":${JSON.stringify(this.nodeId)},"batch":[${chunk.join(',')}]}`;
      try {
        await this.listener.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
      } catch (error) {
        this.log.warn({ err: error }, 'realtime publish failed; delivering locally only');
        for (const json of chunk) this.deliver(JSON.parse(json) as AnyEnvelope);
      }
    }
  }

  private deliver(envelope: AnyEnvelope | { batch: AnyEnvelope[] }): void {
    if ('batch' in envelope) {
      for (const one of envelope.batch) this.deliver(one);
      return;
    }
    const set = 'topic' in envelope ? this.topics.get(envelope.topic) : this.sockets.get(envelope.memberId);
    if (!set) return;
    const data = JSON.stringify(envelope.message);
    for (const socket of set) {
      try {
        socket.send(data);
      } catch (error) {
        this.log.debug({ err: error }, 'realtime: send to a closing socket');
      }
    }
  }
}
