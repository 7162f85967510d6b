import { STANDARD_25_PAYLINES } from '../paylines';
import { parseStrip, type SlotTitle } from '../slot-types';

/**
 * Lucky Lotus: 25 lines; the lotus is wild on reels 2 to 4 only and does not pay on its own; three or more koi anywhere pay and start 8 free spins at x3, and 3+ koi during free spins add 8 more, up to 40 per feature.
 * Strips were laid out so no symbol repeats within three positions (a window never shows one
 * symbol twice), which keeps the largest grid win modest; the figures in docs/game-math.md
 * and the declared RTP are recomputed from this file by the tests.
 */
export const LUCKY_LOTUS: SlotTitle = {
  id: 'lucky-lotus',
  name: 'Lucky Lotus',
  theme: 'A moonlit lotus pond with lanterns, koi and the dragon and phoenix of good fortune.',
  rows: 3,
  symbols: [
    { id: 'LOTUS', name: 'Golden Lotus', kind: 'wild' },
    { id: 'KOI', name: 'Koi', kind: 'scatter' },
    { id: 'DRAGON', name: 'Dragon', kind: 'regular', pays: { 3: 100, 4: 400, 5: 2000 } },
    { id: 'PHOENIX', name: 'Phoenix', kind: 'regular', pays: { 3: 75, 4: 250, 5: 1000 } },
    { id: 'LANTERN', name: 'Lantern', kind: 'regular', pays: { 3: 50, 4: 200, 5: 500 } },
    { id: 'FAN', name: 'Fan', kind: 'regular', pays: { 3: 40, 4: 150, 5: 400 } },
    { id: 'RUBY', name: 'Ruby', kind: 'regular', pays: { 3: 35, 4: 100, 5: 250 } },
    { id: 'JADE', name: 'Jade', kind: 'regular', pays: { 3: 25, 4: 75, 5: 200 } },
    { id: 'PEARL', name: 'Pearl', kind: 'regular', pays: { 3: 20, 4: 50, 5: 200 } },
    { id: 'AMBER', name: 'Amber', kind: 'regular', pays: { 3: 20, 4: 40, 5: 150 } },
    { id: 'COIN', name: 'Lucky Coin', kind: 'regular', pays: { 3: 15, 4: 35, 5: 125 } },
    { id: 'KNOT', name: 'Lucky Knot', kind: 'regular', pays: { 3: 15, 4: 30, 5: 125 } },
  ],
  paylines: STANDARD_25_PAYLINES,
  baseReels: [
    parseStrip(
      'PEARL COIN RUBY JADE FAN COIN AMBER JADE DRAGON PEARL AMBER COIN JADE KNOT AMBER COIN KNOT RUBY AMBER PHOENIX PEARL KNOT FAN JADE PHOENIX FAN COIN PEARL RUBY KNOT LANTERN AMBER PHOENIX DRAGON RUBY PEARL LANTERN FAN KNOT JADE KOI LANTERN',
    ),
    parseStrip(
      'JADE LANTERN RUBY AMBER JADE KNOT PHOENIX JADE LANTERN COIN FAN JADE KOI PEARL AMBER LOTUS COIN KNOT FAN AMBER COIN PHOENIX DRAGON RUBY AMBER PEARL COIN KNOT AMBER PEARL KNOT FAN DRAGON RUBY JADE FAN PEARL KOI COIN RUBY LOTUS LANTERN PHOENIX KNOT PEARL',
    ),
    parseStrip(
      'COIN KNOT LANTERN FAN LOTUS AMBER JADE KNOT COIN PEARL RUBY JADE KNOT DRAGON AMBER PEARL RUBY COIN FAN PHOENIX JADE AMBER KOI FAN KNOT PHOENIX DRAGON COIN JADE LANTERN RUBY PEARL AMBER FAN PEARL JADE KNOT PHOENIX COIN RUBY AMBER KOI PEARL LANTERN LOTUS',
    ),
    parseStrip(
      'KNOT AMBER RUBY PEARL JADE COIN FAN RUBY LANTERN PEARL AMBER JADE COIN RUBY PHOENIX KNOT LOTUS PEARL AMBER RUBY FAN COIN JADE KNOT PHOENIX LANTERN COIN JADE KOI DRAGON PEARL COIN AMBER KNOT FAN PHOENIX DRAGON JADE KNOT AMBER LOTUS LANTERN FAN PEARL',
    ),
    parseStrip(
      'JADE RUBY COIN PEARL AMBER COIN FAN AMBER LANTERN JADE PEARL AMBER FAN JADE LANTERN COIN RUBY FAN KNOT RUBY PEARL COIN KNOT PHOENIX DRAGON KNOT COIN FAN PEARL RUBY JADE PHOENIX KNOT DRAGON PHOENIX KNOT AMBER LANTERN JADE AMBER KOI PEARL',
    ),
  ],
  scatterPays: { 3: 3, 4: 15, 5: 100 },
  freeSpins: {
    awards: { 3: 8, 4: 8, 5: 8 },
    multiplier: 3,
    canRetrigger: true,
    maxSpinsPerFeature: 40,
    reels: [
      parseStrip(
        'FAN COIN KNOT JADE PEARL AMBER COIN PHOENIX KNOT AMBER JADE COIN FAN PEARL DRAGON RUBY PEARL KOI LANTERN COIN KNOT RUBY PHOENIX AMBER JADE FAN AMBER LANTERN KNOT PEARL RUBY DRAGON JADE AMBER COIN RUBY JADE PEARL LANTERN FAN PHOENIX KNOT',
      ),
      parseStrip(
        'PEARL JADE COIN LANTERN PEARL PHOENIX RUBY FAN KNOT AMBER COIN KNOT AMBER FAN KOI KNOT LANTERN LOTUS RUBY JADE KNOT PEARL COIN JADE DRAGON FAN COIN AMBER KNOT LOTUS JADE DRAGON PHOENIX AMBER PEARL COIN RUBY AMBER JADE PHOENIX PEARL RUBY LOTUS FAN LANTERN',
      ),
      parseStrip(
        'FAN RUBY PHOENIX LANTERN RUBY JADE KOI KNOT COIN LANTERN AMBER COIN JADE AMBER COIN LOTUS FAN AMBER PEARL PHOENIX COIN PEARL KNOT LOTUS RUBY AMBER JADE PEARL KNOT DRAGON COIN RUBY KNOT JADE DRAGON AMBER KNOT LANTERN FAN JADE PEARL PHOENIX FAN LOTUS PEARL',
      ),
      parseStrip(
        'COIN AMBER KNOT RUBY COIN AMBER PEARL LOTUS KNOT JADE PEARL FAN LANTERN PEARL JADE COIN PHOENIX JADE KNOT FAN LANTERN KOI AMBER KNOT RUBY JADE FAN DRAGON PEARL AMBER COIN JADE RUBY LOTUS PEARL KNOT AMBER LANTERN DRAGON RUBY PHOENIX COIN LOTUS FAN PHOENIX',
      ),
      parseStrip(
        'KNOT FAN PEARL KNOT LANTERN JADE AMBER PHOENIX COIN RUBY KNOT COIN PEARL DRAGON FAN PEARL JADE COIN KNOT PEARL AMBER LANTERN RUBY JADE COIN RUBY AMBER FAN RUBY PEARL AMBER PHOENIX JADE KNOT DRAGON JADE LANTERN AMBER FAN COIN KOI PHOENIX',
      ),
    ],
  },
  maxWinMultiplier: 5000,
  betLevelsMinor: [100n, 200n, 500n, 1_000n, 2_000n, 5_000n, 10_000n, 20_000n, 50_000n, 100_000n],
  declaredRtpPercent: 95.2545,
};
