import type { GameItem, LaunchGameValue } from '@kismat/contracts/catalogue';
import type { Language } from '@kismat/contracts/languages';
import { gameLaunches } from '../../db/schema/games';
import { generateToken, hashToken, type MemberRow } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Merchant } from '../../platform/merchant';
import { isTrial } from '../../platform/policy';
import { type AggregatorRegistry, defaultAggregatorRegistry, launchAggregatorGame } from '../aggregators/index';
import {
  findLaunchGame,
  forgetRecentPlays,
  isGameInMaintenance,
  listHotGames,
  maintenanceEndOf,
  recordRecentPlay,
} from '../catalogue/index';
import type { VendorDirectory } from '../vendor-wallet/index';
import { ensureMemberWallet, findMemberCashAccountId } from '../wallet/index';
import { ensurePlayMoney } from './ensure-play-money';

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
  /** fun: the free-trial button (play money); real: the play button. */
  mode?: 'real' | 'fun' | undefined;
  /** The member site's origin: an aggregator's lobby button returns there. */
  lobbyUrl?: string | undefined;
  now: Date;
}

/**
 * Launches a game for a member: checks trial rules, that the merchant offers the game, vendor
 * and game status (everywhere and for this merchant); stores a single-use launch token (hashed)
 * bound to member, game and vendor; records the play for recent games; returns the vendor
 * client's URL with the token. Fun mode (the free-trial button) binds the launch to the
 * member's play money instead of cash; trial players may only play that way.
 */
export async function launchGame(
  db: Db,
  directory: VendorDirectory,
  input: LaunchGameInput,
  aggregators: AggregatorRegistry = defaultAggregatorRegistry(),
): Promise<LaunchGameValue> {
  const game = await findLaunchGame(db, {
    merchantId: input.merchant.id,
    nodeId: input.nodeId,
    gameCode: input.gameCode,
    vassalage: input.vassalage,
  });
  if (!game || game.status === 'DISABLED' || game.vendorStatus === 'DISABLED' || !game.isLaneEnabled || !game.isMerchantGameEnabled)
    throw new AppError('GAME_UNAVAILABLE');
  const isFunMode = input.mode === 'fun' && !game.isHouse;
  // Spec: trial players cannot launch games for real money. They play third-party games in fun
  // mode only; in-house games decide their own trial rules (play money on their own pages).
  if (isTrial(input.member) && !game.isHouse && !isFunMode) throw new AppError('TRIAL_FORBIDDEN');
  if (isFunMode && !game.supportsFreePlay) throw new AppError('FREE_PLAY_UNSUPPORTED');
  // In-house games give play money to trial players only; a member's free trial there would
  // open the game with real money, so it is refused rather than quietly played for real.
  if (input.mode === 'fun' && game.isHouse && !isTrial(input.member)) throw new AppError('FREE_PLAY_UNSUPPORTED');
  if (isGameInMaintenance(game, input.now)) {
    const hot = await listHotGames(db, { merchantId: input.merchant.id, language: input.language, now: input.now });
    const suggestions: GameItem[] = hot
      .filter((other) => other.nodeId !== game.id && !other.isMaintenance)
      .sort((left, right) => Number(right.gameType === game.category) - Number(left.gameType === game.category))
      .slice(0, SUGGESTIONS);
    throw new AppError('GAME_MAINTENANCE', { value: { suggestions, maintenanceEnd: maintenanceEndOf(game)?.toISOString() ?? null } });
  }

  const expiresAt = new Date(input.now.getTime() + LAUNCH_TOKEN_TTL_MS);

  if (game.isHouse) {
    // In-house games run on our own pages with the member's session; no vendor token is needed.
    await recordRecentPlay(db, input.member.id, game.id, input.now);
    forgetRecentPlays(db, input.member.id);
    const url = `${housePagePath(game.category)}?gameCode=${encodeURIComponent(game.gameCode)}`;
    return {
      url,
      mode: 'redirect',
      expiresAt: expiresAt.toISOString(),
      isDemo: false,
      isFunMode: false,
      nodeId: game.id,
      gameName: game.gameName,
      vassalage: game.vendorCode,
    };
  }

  // A studio of an aggregator contract: the aggregator gives the URL, with a multi-use session of the wallet core (issue 21).
  const aggregated = await launchAggregatorGame(db, aggregators, {
    merchantId: input.merchant.id,
    memberId: input.member.id,
    currency: input.merchant.currency,
    cashAccountId: async () =>
      (await ensureMemberWallet(db, input.merchant, input.member))?.cash.id ?? (await findCashAccountId(db, input.member.id)),
    game: { id: game.id, gameCode: game.gameCode, gameName: game.gameName, vendorId: game.vendorId, vendorCode: game.vendorCode },
    language: input.language,
    platform: input.platform,
    isFunMode,
    lobbyUrl: input.lobbyUrl ?? '/',
    now: input.now,
  });
  if (aggregated) return aggregated;

  const vendor = await directory.find(game.vendorCode);
  if (!vendor) throw new AppError('GAME_UNAVAILABLE');
  let cashAccountId: number;
  if (isFunMode) {
    cashAccountId = await ensurePlayMoney(db, input.merchant, input.member, input.now);
  } else {
    const accounts = await ensureMemberWallet(db, input.merchant, input.member);
    cashAccountId = accounts?.cash.id ?? (await findCashAccountId(db, input.member.id));
  }
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
      isTrial: isFunMode,
      platform: input.platform ?? null,
      language: input.language,
    });
    // A free trial is not a play: recent games list what the member played for real.
    if (!isFunMode) await recordRecentPlay(tx, input.member.id, game.id, input.now);
  });
  // Committed: this node's cached recent games of the member are stale now.
  if (!isFunMode) forgetRecentPlays(db, input.member.id);
  const launchUrl = vendor.launchUrl
    .replace('{token}', encodeURIComponent(token))
    .replace('{game}', encodeURIComponent(game.gameCode))
    .replace('{vendor}', encodeURIComponent(game.vendorCode))
    .replace('{lang}', input.language);
  // The vendor learns the mode from the authenticate answer too; the URL lets its client say so at once.
  const url = isFunMode ? `${launchUrl}${launchUrl.includes('?') ? '&' : '?'}mode=fun` : launchUrl;
  return {
    url,
    mode: vendor.launchMode,
    expiresAt: expiresAt.toISOString(),
    isDemo: vendor.isDemo,
    isFunMode,
    nodeId: game.id,
    gameName: game.gameName,
    vassalage: game.vendorCode,
  };
}

/** The page of an in-house game: slots play on /bgs; every lottery lane shares the /lottery page. */
function housePagePath(category: string): string {
  return category === 'LOTT' || category === 'ELOTT' ? '/lottery' : `/${category.toLowerCase()}`;
}

async function findCashAccountId(db: Db, memberId: number): Promise<number> {
  const id = await findMemberCashAccountId(db, memberId);
  if (id === null) throw new AppError('GAME_UNAVAILABLE');
  return id;
}
