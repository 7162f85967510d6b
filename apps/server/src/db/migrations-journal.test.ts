import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Drizzle's migrator applies a migration only when its journal `when` is above the newest one a
 * database has applied. A migration whose `when` sorts below an earlier-numbered one is silently
 * skipped on every database that was already past that one (0051/0052 were, until fixed).
 */
const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe('migration journal', () => {
  it('orders every migration after the one before it, by number and by time', () => {
    journal.entries.forEach((entry, index) => {
      expect(entry.idx).toBe(index);
      expect(entry.tag.startsWith(String(index).padStart(4, '0'))).toBe(true);
      if (index > 0) expect(entry.when).toBeGreaterThan(journal.entries[index - 1]!.when);
    });
  });

  it('lists every SQL file in the folder, and only those', () => {
    const files = readdirSync(migrationsDir)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => name.replace(/\.sql$/, ''))
      .sort();
    expect(journal.entries.map((entry) => entry.tag).sort()).toEqual(files);
  });
});
