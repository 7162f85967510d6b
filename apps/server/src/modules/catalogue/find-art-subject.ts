import { and, eq } from 'drizzle-orm';
import { games, vendors } from '../../db/schema/catalogue';
import type { DbOrTx } from '../../platform/db';

/**
 * What a generated picture shows: its title, an optional subtitle and a small badge. Vendor logos
 * and game icons are found here; banner and promotion images through the messages module
 * (catalogue-ports.ts).
 */
export type ArtSubject = { title: string; subtitle?: string; badge?: string };

export async function findVendorArt(db: DbOrTx, vendorCode: string): Promise<ArtSubject | null> {
  const [vendor] = await db.select({ code: vendors.code }).from(vendors).where(eq(vendors.code, vendorCode)).limit(1);
  return vendor ? { title: vendor.code } : null;
}

export async function findGameArt(db: DbOrTx, vendorCode: string, gameCode: string): Promise<ArtSubject | null> {
  const [game] = await db
    .select({ name: games.gameName, vendor: vendors.code })
    .from(games)
    .innerJoin(vendors, eq(vendors.id, games.vendorId))
    .where(and(eq(vendors.code, vendorCode), eq(games.gameCode, gameCode)))
    .limit(1);
  return game ? { title: game.name, badge: game.vendor } : null;
}
