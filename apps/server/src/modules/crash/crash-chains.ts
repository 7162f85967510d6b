import { randomBytes } from 'node:crypto';
import { buildChain } from '@kismat/game-math/crash/hash-chain';
import { desc, eq } from 'drizzle-orm';
import { crashChains } from '../../db/schema/crash';
import type { DbOrTx } from '../../platform/db';
import { openServerSeed, sealServerSeed } from '../house-games/index';
import { CRASH_CHAIN_LENGTH } from './crash-rules';

export type CrashChainRow = typeof crashChains.$inferSelect;

// A built chain (length + 1 hashes) is kept per chain id: the engine reads one link per round.
const builtChains = new Map<number, string[]>();

/**
 * Commits a new chain for a merchant: a fresh terminal seed (sealed at rest like every secret
 * seed, seed-vault.ts), its commitment s_0, a public salt and the merchant's edge, all stored
 * before the chain's first round opens, so they are published before any of its outcomes.
 */
export async function commitCrashChain(
  db: DbOrTx,
  input: { merchantId: number; edgeBasisPoints: number; now: Date; length?: number },
): Promise<CrashChainRow> {
  const length = input.length ?? CRASH_CHAIN_LENGTH;
  const terminal = randomBytes(32).toString('hex');
  const links = buildChain(terminal, length);
  const commitment = links[0] as string;
  const [row] = await db
    .insert(crashChains)
    .values({
      merchantId: input.merchantId,
      length,
      terminalSeedSealed: sealServerSeed(terminal, commitment),
      commitment,
      salt: randomBytes(16).toString('hex'),
      edgeBasisPoints: input.edgeBasisPoints,
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('crash chain not written');
  builtChains.set(row.id, links);
  return row;
}

/** The merchant's newest chain, if any. */
export async function findLatestChain(db: DbOrTx, merchantId: number): Promise<CrashChainRow | undefined> {
  const [row] = await db.select().from(crashChains).where(eq(crashChains.merchantId, merchantId)).orderBy(desc(crashChains.id)).limit(1);
  return row;
}

export async function findChain(db: DbOrTx, chainId: number): Promise<CrashChainRow> {
  const [row] = await db.select().from(crashChains).where(eq(crashChains.id, chainId));
  if (!row) throw new Error(`crash chain ${chainId} not found`);
  return row;
}

/** Link n of a chain: n = 0 is the commitment, n >= 1 the seed of round n. */
export function chainLink(chain: CrashChainRow, index: number): string {
  let links = builtChains.get(chain.id);
  if (!links) {
    links = buildChain(openServerSeed(chain.terminalSeedSealed, chain.commitment), chain.length);
    if (links[0] !== chain.commitment) throw new Error(`crash chain ${chain.id} does not hash to its commitment`);
    builtChains.set(chain.id, links);
  }
  const link = links[index];
  if (link === undefined) throw new RangeError(`crash chain ${chain.id} has no link ${index}`);
  return link;
}
