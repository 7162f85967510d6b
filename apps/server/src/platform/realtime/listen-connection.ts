import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/** A database connection held for LISTEN: a dedicated client, or one taken from the pool. */
export interface HeldConnection {
  client: pg.ClientBase;
  /**
   * Gives the connection up for good. A pooled client must be released with an error so the
   * pool discards it: a dead one kept checked out holds a pool slot forever, and a live one
   * returned would keep the LISTEN for whichever request takes it next.
   */
  discard(error: Error): void;
}

export interface ListenConnectionOptions {
  channels: readonly string[];
  open(): Promise<HeldConnection>;
  onNotification(channel: string, payload: string): void;
  /** After a lost connection came back: notices sent meanwhile were missed, catch up on what matters. */
  onReconnected?(): void;
  log: FastifyBaseLogger;
  /** Names this listener in the logs. */
  name: string;
}

const FIRST_RETRY_MS = 200;
const MAX_RETRY_MS = 10_000;

/**
 * A LISTEN that outlives its connection. Postgres drops connections (pg_terminate_backend, a
 * failover, a restart, an idle-session killer); a listener that never came back left this node
 * deaf to every other node's pushes and revocation notices until a restart, and a dead pooled
 * client kept its pool slot. Here a lost connection is discarded and reopened with doubling,
 * jittered waits (a database coming back is not stampeded by every node at once), and every
 * channel is listened to again.
 */
export class ListenConnection {
  private held: HeldConnection | null = null;
  private isStopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private failures = 0;

  constructor(private readonly options: ListenConnectionOptions) {}

  /** The first connection; fails when the database cannot be reached (the server does not start). */
  async start(): Promise<void> {
    await this.connect();
  }

  get isConnected(): boolean {
    return this.held !== null;
  }

  /** Runs a statement on the listening connection; rejects while it is reconnecting. */
  async query(text: string, values: unknown[]): Promise<void> {
    const held = this.held;
    if (!held) throw new Error(`${this.options.name}: reconnecting`);
    await held.client.query(text, values);
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const held = this.held;
    this.held = null;
    held?.discard(new Error(`${this.options.name}: stopped`));
  }

  private async connect(): Promise<void> {
    const opened = await this.options.open();
    const { client } = opened;
    // Given up once: stop() and the 'end' that follows it both reach here (a pooled client
    // released twice throws).
    let isDiscarded = false;
    const held: HeldConnection = {
      client,
      discard(error) {
        if (isDiscarded) return;
        isDiscarded = true;
        opened.discard(error);
      },
    };
    let isReady = false;
    let isLost = false;
    const onNotification = (notice: pg.Notification) => {
      if (notice.payload && this.options.channels.includes(notice.channel)) this.options.onNotification(notice.channel, notice.payload);
    };
    const onLost = (error?: Error) => {
      if (isLost) return;
      isLost = true;
      client.removeListener('notification', onNotification);
      // Only a connection that was serving is reopened here; one lost while it was being set
      // up fails connect(), whose caller retries.
      if (!isReady) return;
      if (this.held === held) this.held = null;
      held.discard(error ?? new Error(`${this.options.name}: connection ended`));
      if (this.isStopped) return;
      this.options.log.warn({ err: error }, `${this.options.name}: lost its connection; reconnecting`);
      this.scheduleReconnect();
    };
    client.on('notification', onNotification);
    client.on('error', onLost);
    client.on('end', () => onLost());
    try {
      for (const channel of this.options.channels) await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      onLost();
      held.discard(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    if (this.isStopped || isLost) {
      held.discard(new Error(`${this.options.name}: ${this.isStopped ? 'stopped' : 'connection ended'}`));
      if (!this.isStopped) throw new Error(`${this.options.name}: connection ended while listening`);
      return;
    }
    isReady = true;
    this.held = held;
  }

  private scheduleReconnect(): void {
    if (this.isStopped || this.retryTimer) return;
    const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** this.failures);
    const wait = Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
    this.failures += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.isStopped) return;
      this.connect().then(
        () => {
          if (this.isStopped) return;
          this.failures = 0;
          this.options.log.info(`${this.options.name}: listening again`);
          try {
            this.options.onReconnected?.();
          } catch (error) {
            this.options.log.warn({ err: error }, `${this.options.name}: catching up after a reconnect failed`);
          }
        },
        (error: unknown) => {
          this.options.log.warn({ err: error }, `${this.options.name}: reconnect failed; retrying`);
          this.scheduleReconnect();
        },
      );
    }, wait);
    this.retryTimer.unref();
  }
}
