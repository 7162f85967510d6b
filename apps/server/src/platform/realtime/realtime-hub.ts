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
        this.deliver(JSON.parse(notice.payload) as RealtimeEnvelope | { batch: RealtimeEnvelope[] });
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

  /**
   * Sends many envelopes with as few NOTIFYs as fit in the payload limit (a balance push per
   * playing member every quarter second would otherwise be thousands of NOTIFYs a second).
   */
  async publishMany(envelopes: RealtimeEnvelope[]): Promise<void> {
    if (envelopes.length === 0) return;
    if (!this.listener) {
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
        this.log.warn({ memberId: envelope.memberId }, 'realtime message too large for NOTIFY; not pushed');
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
        for (const json of chunk) this.deliver(JSON.parse(json) as RealtimeEnvelope);
      }
    }
  }

  private deliver(envelope: RealtimeEnvelope | { batch: RealtimeEnvelope[] }): void {
    if ('batch' in envelope) {
      for (const one of envelope.batch) this.deliver(one);
      return;
    }
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
