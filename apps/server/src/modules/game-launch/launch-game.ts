import type { GameItem, LaunchGameValue } from '@kismat/contracts/catalogue';
import type { Language } from '@kismat/contracts/languages';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { games, merchantVendorCategories, vendorCategories, vendors } from '../../db/schema/catalogue';
import { gameLaunches, gameRecentPlays } from '../../db/schema/games';
import { ledgerAccounts } from '../../db/schema/ledger';
import { generateToken, hashToken, type MemberRow } from '../../platform/auth';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Merchant } from '../../platform/merchant';
import { isTrial } from '../../platform/policy';
import { isGameInMaintenance } from '../catalogue/game-items';
import { listHotGames } from '../catalogue/list-hot-games';
import type { VendorDirectory } from '../vendor-wallet/vendor-directory';
import { ensureMemberWallet } from '../wallet/ensure-member-wallet';

/** A launch token works once, within this time: long enough to load the game client. */
export const LAUNCH_TOKEN_TTL_MS = 5 * 60_000;
const SUGGESTIONS = 6;

export interface LaunchGameInput {
  merchant: Merchant;
  member: MemberRow;
  nodeId?: number | undefined;
  gameCode?: string | undefined;
  vassalage?: string | undefined;
  platform?: string | undefined;
  language: Language;
  now: Date;
}

/**
 * Launches a game for a member: checks trial rules, that the merchant offers the game, vendor
 * and game status; stores a single-use launch token (hashed) bound to member, game and vendor;
 * records the play for recent games; returns the vendor client's URL with the token.
 */
export async function launchGame(db: Db, directory: VendorDirectory, input: LaunchGameInput): Promise<LaunchGameValue> {
  const where: SQL | undefined =
    input.nodeId !== undefined
      ? eq(games.id, input.nodeId)
      : and(eq(games.gameCode, input.gameCode ?? ''), eq(vendors.code, (input.vassalage ?? '').toUpperCase()));
  const [game] = await db
    .select({
      id: games.id,
      gameCode: games.gameCode,
      gameName: games.gameName,
      category: games.category,
      status: games.status,
      vendorId: vendors.id,
      vendorCode: vendors.code,
      vendorStatus: vendors.status,
      vendorMaintenanceEnd: vendors.maintenanceEnd,
      isHouse: vendors.isHouse,
      isLaneEnabled: sql<boolean>`coalesce(${merchantVendorCategories.isEnabled}, false)`,
    })
    .from(games)
    .innerJoin(vendors, eq(vendors.id, games.vendorId))
    .innerJoin(vendorCategories, and(eq(vendorCategories.vendorId, games.vendorId), eq(vendorCategories.category, games.category)))
    .leftJoin(
      merchantVendorCategories,
      and(eq(merchantVendorCategories.vendorCategoryId, vendorCategories.id), eq(merchantVendorCategories.merchantId, input.merchant.id)),
    )
    .where(where)
    .limit(1);
  if (!game || game.status === 'DISABLED' || game.vendorStatus === 'DISABLED' || !game.isLaneEnabled)
    throw new AppError('GAME_UNAVAILABLE');
  // Trial play money never reaches a third-party vendor; in-house games decide their own trial rules.
  if (isTrial(input.member) && !game.isHouse) throw new AppError('TRIAL_FORBIDDEN');
  if (isGameInMaintenance(game, input.now)) {
    const hot = await listHotGames(db, { merchantId: input.merchant.id, language: input.language, now: input.now });
    const suggestions: GameItem[] = hot
      .filter((other) => other.nodeId !== game.id && !other.isMaintenance)
      .sort((left, right) => Number(right.gameType === game.category) - Number(left.gameType === game.category))
      .slice(0, SUGGESTIONS);
    throw new AppError('GAME_MAINTENANCE', { value: { suggestions, maintenanceEnd: game.vendorMaintenanceEnd?.toISOString() ?? null } });
  }

  const expiresAt = new Date(input.now.getTime() + LAUNCH_TOKEN_TTL_MS);

  if (game.isHouse) {
    // In-house games run on our own pages with the member's session; no vendor token is needed.
    await recordPlay(db, input.member.id, game.id, input.now);
    const url = `${housePagePath(game.category)}?gameCode=${encodeURIComponent(game.gameCode)}`;
    return {
      url,
      mode: 'redirect',
      expiresAt: expiresAt.toISOString(),
      isDemo: false,
      nodeId: game.id,
      gameName: game.gameName,
      vassalage: game.vendorCode,
    };
  }

  const vendor = await directory.find(game.vendorCode);
  if (!vendor) throw new AppError('GAME_UNAVAILABLE');
  const accounts = await ensureMemberWallet(db, input.merchant, input.member);
  const cashAccountId = accounts?.cash.id ?? (await findCashAccountId(db, input.member.id));
  const token = generateToken();
  await db.transaction(async (tx) => {
    await tx.insert(gameLaunches).values({
      merchantId: input.merchant.id,
      memberId: input.member.id,
      vendorId: game.vendorId,
      gameId: game.id,
      tokenHash: hashToken(token),
      tokenExpiresAt: expiresAt,
      currency: input.merchant.currency,
      cashAccountId,
      platform: input.platform ?? null,
      language: input.language,
    });
    await recordPlay(tx, input.member.id, game.id, input.now);
  });
  const url = vendor.launchUrl
    .replace('{token}', encodeURIComponent(token))
    .replace('{game}', encodeURIComponent(game.gameCode))
    .replace('{vendor}', encodeURIComponent(game.vendorCode))
    .replace('{lang}', input.language);
  return {
    url,
    mode: vendor.launchMode,
    expiresAt: expiresAt.toISOString(),
    isDemo: vendor.isDemo,
    nodeId: game.id,
    gameName: game.gameName,
    vassalage: game.vendorCode,
  };
}

/** The page of an in-house game: slots play on /bgs; every lottery lane shares the /lottery page. */
function housePagePath(category: string): string {
  return category === 'LOTT' || category === 'ELOTT' ? '/lottery' : `/${category.toLowerCase()}`;
}

/** Recent games: the last launch of each game, with a play count. */
async function recordPlay(db: DbOrTx, memberId: number, gameId: number, now: Date): Promise<void> {
  await db
    .insert(gameRecentPlays)
    .values({ memberId, gameId, playedAt: now })
    .onConflictDoUpdate({
      target: [gameRecentPlays.memberId, gameRecentPlays.gameId],
      set: { playedAt: now, playCount: sql`${gameRecentPlays.playCount} + 1` },
    });
}

async function findCashAccountId(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerMemberId, memberId), eq(ledgerAccounts.code, 'MEMBER_CASH'), ne(ledgerAccounts.isTrial, true)))
    .limit(1);
  if (!row) throw new AppError('GAME_UNAVAILABLE');
  return row.id;
}
