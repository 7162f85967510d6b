import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** One open socket of a member. */
export interface RealtimeSocket {
  send(data: string): void;
}

/** What a node publishes: a message for every open socket of one member, on whatever node it is. */
export interface RealtimeEnvelope {
  merchantId: number;
  memberId: number;
  message: unknown;
}

const CHANNEL = 'kismat_realtime';
// NOTIFY payloads are limited to 8000 bytes; messages are small, bigger ones are dropped loudly.
const MAX_PAYLOAD_BYTES = 7900;

/**
 * Pushes messages to members' open /ws sockets. Sockets live on one node; a publish reaches all
 * nodes through Postgres LISTEN/NOTIFY when a server URL is configured, otherwise (PGlite, one
 * process) it is delivered in-process. Delivery is best effort: the inbox table is the record.
 */
export class RealtimeHub {
  private readonly sockets = new Map<number, Set<RealtimeSocket>>();
  private listener: pg.Client | null = null;
  private readonly nodeId = randomUUID();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Starts listening for other nodes' messages; without a URL the hub stays in-process. */
  async start(databaseUrl: string | undefined): Promise<void> {
    if (!databaseUrl) return;
    const client = new pg.Client({ connectionString: databaseUrl, application_name: 'kismat-realtime' });
    client.on('error', (error) => this.log.warn({ err: error }, 'realtime listener lost its connection'));
    client.on('notification', (notice) => {
      if (notice.channel !== CHANNEL || !notice.payload) return;
      try {
        this.deliver(JSON.parse(notice.payload) as RealtimeEnvelope);
      } catch (error) {
        this.log.warn({ err: error }, 'realtime: unreadable notification');
      }
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  async stop(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
  }

  get isDistributed(): boolean {
    return this.listener !== null;
  }

  /** Registers a socket; returns the function that removes it. */
  subscribe(memberId: number, socket: RealtimeSocket): () => void {
    let set = this.sockets.get(memberId);
    if (!set) {
      set = new Set();
      this.sockets.set(memberId, set);
    }
    set.add(socket);
    return () => {
      const current = this.sockets.get(memberId);
      current?.delete(socket);
      if (current && current.size === 0) this.sockets.delete(memberId);
    };
  }

  connectionCount(memberId: number): number {
    return this.sockets.get(memberId)?.size ?? 0;
  }

  /** Sends to every node (or just this one). Call after the transaction that produced the message committed. */
  async publish(envelope: RealtimeEnvelope): Promise<void> {
    if (!this.listener) {
      this.deliver(envelope);
      return;
    }
    const payload = JSON.stringify({ ...envelope, origin: this.nodeId });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      this.log.warn({ memberId: envelope.memberId }, 'realtime message too large for NOTIFY; not pushed');
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

  private deliver(envelope: RealtimeEnvelope): void {
    const set = this.sockets.get(envelope.memberId);
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
