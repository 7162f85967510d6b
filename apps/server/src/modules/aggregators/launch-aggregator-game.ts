import type { LaunchGameValue } from '@kismat/contracts/catalogue';
import type { Language } from '@kismat/contracts/languages';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { forgetRecentPlays, recordRecentPlay } from '../catalogue/index';
import { openAggregatorSession } from '../vendor-wallet/index';
import { callAggregator } from './call-aggregator';
import { findIntegrationForVendor, isAggregatorVendor, studioVendorCode } from './integrations';
import type { AggregatorRegistry } from './registry';

export interface AggregatorLaunchInput {
  merchantId: number;
  memberId: number;
  currency: string;
  /** The member's cash account (real play). */
  cashAccountId: () => Promise<number>;
  game: { id: number; gameCode: string; gameName: string; vendorId: number; vendorCode: string };
  language: Language;
  platform?: string | undefined;
  /** The free-trial button: the aggregator's demo launch (no token, no wallet calls). */
  isFunMode: boolean;
  /** Where the game's lobby button returns (the member site's origin). */
  lobbyUrl: string;
  now: Date;
}

/**
 * Launches a game of an aggregator studio (issue 21), or answers null when the game's vendor is
 * not an aggregator studio (the caller launches it through /vendor-api/v1 as before). The
 * merchant's contract must bring the vendor and be enabled, else GAME_UNAVAILABLE (a studio of
 * another merchant's contract, or a contract switched off, never launches). Real play opens a
 * fresh multi-use session in the wallet core (openAggregatorSession: token stored hashed) and
 * asks the aggregator for the URL with it; fun mode asks for the demo URL (no token: the
 * aggregator plays with its own fun money and calls no wallet). A failed aggregator call leaves
 * a session nobody holds (it expires; it can place nothing) and answers AGGREGATOR_UNAVAILABLE.
 */
export async function launchAggregatorGame(
  db: Db,
  registry: AggregatorRegistry,
  input: AggregatorLaunchInput,
): Promise<LaunchGameValue | null> {
  const integration = await findIntegrationForVendor(db, input.merchantId, input.game.vendorId);
  if (!integration) {
    if (await isAggregatorVendor(db, input.game.vendorId)) throw new AppError('GAME_UNAVAILABLE');
    return null;
  }
  if (
    !integration.isEnabled ||
    !integration.enabledStudios.some((studio) => input.game.vendorCode === studioVendorCode(integration.code, studio))
  )
    throw new AppError('GAME_UNAVAILABLE');
  const client = registry.client(integration.protocol);
  const platform = /mobile|h5|android|ios/i.test(input.platform ?? '') && !/desktop/i.test(input.platform ?? '') ? 'mobile' : 'desktop';

  let token: string | null = null;
  let expiresAt = new Date(input.now.getTime() + 5 * 60_000);
  if (!input.isFunMode) {
    const session = await openAggregatorSession(db, {
      contract: {
        id: integration.id,
        merchantId: integration.merchantId,
        code: integration.code,
        protocol: integration.protocol,
        isEnabled: true,
      },
      memberId: input.memberId,
      gameId: input.game.id,
      currency: input.currency,
      cashAccountId: await input.cashAccountId(),
      now: input.now,
    });
    token = session.token;
    expiresAt = session.expiresAt;
  }
  const { url } = await callAggregator(() =>
    client.gameUrl(integration, {
      user: String(input.memberId),
      gameCode: input.game.gameCode,
      token,
      language: input.language,
      currency: input.currency,
      platform,
      lobbyUrl: input.lobbyUrl,
      isDemo: input.isFunMode,
    }),
  );
  if (!input.isFunMode) {
    await recordRecentPlay(db, input.memberId, input.game.id, input.now);
    forgetRecentPlays(db, input.memberId);
  }
  return {
    url,
    // The aggregator's page is another site: the member's browser goes there (its lobby button comes back).
    mode: 'redirect',
    expiresAt: expiresAt.toISOString(),
    isDemo: false,
    isFunMode: input.isFunMode,
    nodeId: input.game.id,
    gameName: input.game.gameName,
    vassalage: input.game.vendorCode,
  };
}
