import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { rowsOf, toNumber } from '../../platform/sql-values';
import { createSealedServerSeed } from './fairness-seeds';
import { sealServerSeed } from './seed-vault';

/** Rows per statement; the work list is empty after the first run on an upgraded database. */
const BATCH = 500;

/**
 * Seals the secret seeds still kept in clear: issues not yet drawn and members' ACTIVE and NEXT
 * slot seeds written before seeds were sealed (migration 0020), or by an older node during a
 * rolling upgrade. SQL cannot do it (the key is never in the database), so this job does, on
 * every node's first run and every minute after; the partial indexes `*_plain_secret` hold only
 * such rows, so an idle run costs two index probes. A legacy ACTIVE slot seed also gets its NEXT
 * seed committed here, so every member sees the next commitment before rotating.
 *
 * Each UPDATE is guarded by the value it replaces and the status it expects: a draw or a rotation
 * that published the seed in the meantime is left alone.
 */
export async function sealPlainSeeds(db: Db, now: Date): Promise<{ issues: number; seeds: number }> {
  let issues = 0;
  let seeds = 0;
  for (let round = 0; round < 1000; round += 1) {
    const plainIssues = rowsOf<{ id: unknown; seed: string; commitment: string }>(
      await db.execute(sql`
        SELECT id, server_seed_hex AS seed, commitment FROM lottery_issues
         WHERE server_seed_hex IS NOT NULL AND status IN ('OPEN', 'CLOSED')
         ORDER BY id LIMIT ${BATCH}`),
    );
    const plainSeeds = rowsOf<{ id: unknown; member_id: unknown; family: string; status: string; seed: string; commitment: string }>(
      await db.execute(sql`
        SELECT id, member_id, family, status, server_seed_hex AS seed, commitment FROM fairness_seeds
         WHERE server_seed_hex IS NOT NULL AND status <> 'REVEALED'
         ORDER BY id LIMIT ${BATCH}`),
    );
    if (plainIssues.length === 0 && plainSeeds.length === 0) break;
    if (plainIssues.length > 0) {
      const sealed = JSON.stringify(
        plainIssues.map((row) => ({ id: toNumber(row.id), seed: row.seed, sealed: sealServerSeed(row.seed, row.commitment) })),
      );
      const updated = rowsOf(
        await db.execute(sql`
          UPDATE lottery_issues i SET server_seed_sealed = s.sealed, server_seed_hex = NULL
            FROM jsonb_to_recordset(${sealed}::jsonb) AS s(id bigint, seed text, sealed text)
           WHERE i.id = s.id AND i.server_seed_hex = s.seed AND i.status IN ('OPEN', 'CLOSED')
          RETURNING i.id`),
      );
      issues += updated.length;
    }
    if (plainSeeds.length > 0) {
      const sealed = JSON.stringify(
        plainSeeds.map((row) => ({ id: toNumber(row.id), seed: row.seed, sealed: sealServerSeed(row.seed, row.commitment) })),
      );
      const next = JSON.stringify(
        plainSeeds
          .filter((row) => row.status === 'ACTIVE')
          .map((row) => ({ member_id: toNumber(row.member_id), family: row.family, ...createSealedServerSeed() })),
      );
      await db.transaction(async (tx) => {
        const updated = rowsOf(
          await tx.execute(sql`
            UPDATE fairness_seeds f SET server_seed_sealed = s.sealed, server_seed_hex = NULL
              FROM jsonb_to_recordset(${sealed}::jsonb) AS s(id bigint, seed text, sealed text)
             WHERE f.id = s.id AND f.server_seed_hex = s.seed AND f.status <> 'REVEALED'
            RETURNING f.id`),
        );
        seeds += updated.length;
        await tx.execute(sql`
          INSERT INTO fairness_seeds (member_id, family, server_seed_sealed, commitment, status, created_at)
          SELECT n.member_id, n.family, n."serverSeedSealed", n.commitment, 'NEXT', ${now}
            FROM jsonb_to_recordset(${next}::jsonb) AS n(member_id int, family text, "serverSeedSealed" text, commitment text)
          ON CONFLICT DO NOTHING`);
      });
    }
    if (plainIssues.length < BATCH && plainSeeds.length < BATCH) break;
  }
  return { issues, seeds };
}
