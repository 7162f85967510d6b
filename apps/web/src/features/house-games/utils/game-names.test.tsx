import { SLOT_TITLES } from '@kismat/game-math/slots/slot-titles';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import bn from '@/locales/house-games/bn.json';
import en from '@/locales/house-games/en.json';
import sw from '@/locales/house-games/sw.json';
import { setTestLanguage } from '@/test/language';
import { SlotReels } from '../components/slot-reels';
import { useHouseGameNames } from './game-names';

afterEach(async () => {
  await setTestLanguage('EN');
});

function Names() {
  const names = useHouseGameNames();
  return (
    <p>
      {names.lottery('SEA_THAI', 'Thai Lottery')} | {names.lottery('NEW_GAME', 'New Game')} | {names.title('lucky-lotus', 'Lucky Lotus')}
    </p>
  );
}

const NAMES = { BN: bn.houseGames.names, EN: en.houseGames.names, SW: sw.houseGames.names };

describe('in-house game names come in three languages', () => {
  it.each(Object.entries(NAMES))('%s names every slot title and every picture symbol', (_, names) => {
    const symbols = names.symbols as Record<string, Record<string, string>>;
    const titles = names.titles as Record<string, string>;
    for (const title of SLOT_TITLES) {
      expect(titles[title.id], title.id).toBeTruthy();
      // Card ranks (A, K, Q, J, 10, 9) read the same everywhere; pictures need a name.
      for (const symbol of title.symbols.filter((item) => item.name.length > 2)) {
        expect(symbols[title.id]?.[symbol.id], `${title.id} ${symbol.id}`).toBeTruthy();
      }
    }
  });

  it('BN and SW names are not the English ones', () => {
    const english = JSON.stringify(NAMES.EN.symbols);
    for (const [title, symbols] of Object.entries(NAMES.BN.symbols)) {
      for (const name of Object.values(symbols as Record<string, string>)) expect(english).not.toContain(`"${name}"`);
      expect(NAMES.SW.symbols[title as keyof typeof NAMES.SW.symbols]).not.toEqual(
        NAMES.EN.symbols[title as keyof typeof NAMES.EN.symbols],
      );
    }
  });

  it('the reels label symbols in the page language', async () => {
    await setTestLanguage('BN');
    const title = SLOT_TITLES.find((item) => item.id === 'bengal-tiger');
    if (!title) throw new Error('no bengal-tiger');
    render(<SlotReels title={title} reels={[['TIGER', 'DEER', 'A']]} isSpinning={false} stoppedCount={5} lineWins={[]} />);
    expect(screen.getAllByText('রয়েল বেঙ্গল টাইগার').length).toBeGreaterThan(0);
    expect(screen.queryByText('Royal Bengal Tiger')).toBeNull();
  });

  it('lottery codes get their name in the language; an unknown code keeps the server name', async () => {
    await setTestLanguage('SW');
    render(<Names />);
    expect(screen.getByText('Bahati Nasibu ya Thailand | New Game | Yungiyungi la Bahati')).toBeTruthy();
  });
});
