import type { DbOrTx } from './db';

/**
 * Reads of calls arriving together share one statement: a read asked for while another is on its
 * way waits for it and goes with the next one (up to 256 keys a statement). Calls parsed in the same
 * turn of the event loop go together. Only the read is shared; each caller checks its own row. The
 * row is the same object for every caller that asked for the same key: copy it before changing it.
 */
export class BatchedReader<Row> {
  private pending: { key: string; resolve: (row: Row | undefined) => void; reject: (error: unknown) => void }[] = [];
  private isReading = false;
  private isScheduled = false;

  /** `readMany` reads the rows of distinct keys (a JSON array of them); `keyOf` names a row's key. */
  constructor(
    private readonly readMany: (keysJson: string) => Promise<Row[]>,
    private readonly keyOf: (row: Row) => string | null,
  ) {}

  read(key: string): Promise<Row | undefined> {
    return new Promise((resolve, reject) => {
      this.pending.push({ key, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.isReading || this.isScheduled || this.pending.length === 0) return;
    this.isScheduled = true;
    setImmediate(() => {
      this.isScheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.isReading || this.pending.length === 0) return;
    const waiting = this.pending.splice(0, 256);
    this.isReading = true;
    try {
      const rows = await this.readMany(JSON.stringify([...new Set(waiting.map((item) => item.key))]));
      const byKey = new Map(rows.map((row) => [this.keyOf(row), row]));
      for (const item of waiting) item.resolve(byKey.get(item.key));
    } catch (error) {
      for (const item of waiting) item.reject(error);
    } finally {
      this.isReading = false;
      this.schedule();
    }
  }
}

/**
 * One reader per database handle (a named prepared statement is built once per database), made
 * on first use by `create`.
 */
export function readerPerDatabase<Row>(create: (db: DbOrTx) => BatchedReader<Row>): (db: DbOrTx) => BatchedReader<Row> {
  const readers = new WeakMap<DbOrTx, BatchedReader<Row>>();
  return (db) => {
    let reader = readers.get(db);
    if (!reader) {
      reader = create(db);
      readers.set(db, reader);
    }
    return reader;
  };
}
