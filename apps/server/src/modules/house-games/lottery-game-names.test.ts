import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOTTERY_GAMES } from './lottery-games';

// The member site names lotteries by game code from its house-games locales (houseGames.names.lottery),
// so a BN or SW page never shows "5D 1 Min" or "Thai Lottery": a new game needs its names there.
const LOCALES = ['bn', 'en', 'sw'].map((language) => {
  const url = new URL(`../../../../web/src/locales/house-games/${language}.json`, import.meta.url);
  const messages = JSON.parse(readFileSync(url, 'utf8')) as { houseGames: { names: { lottery: Record<string, string> } } };
  return [language, messages.houseGames.names.lottery] as const;
});

describe('lottery game names in the member site', () => {
  it.each(LOCALES)('%s names every scheduled lottery game', (_, names) => {
    for (const game of LOTTERY_GAMES) expect(names[game.gameCode], game.gameCode).toBeTruthy();
  });

  it('BN and SW names are translations, not the English definition names', () => {
    const byLanguage = Object.fromEntries(LOCALES);
    for (const game of LOTTERY_GAMES.filter((item) => /^[\x20-\x7e]+$/.test(item.name))) {
      expect(byLanguage.bn?.[game.gameCode]).not.toBe(game.name);
      expect(byLanguage.sw?.[game.gameCode]).not.toBe(game.name);
    }
  });
});
