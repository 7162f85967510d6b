import { EXTENDED_50_PAYLINES } from '../paylines';
import type { SlotTitle } from '../slot-types';
import { slotTitle } from '../title-builder';

/**
 * Golden Delta: 50 lines; the boat is wild on reels 2 to 5 (it substitutes and pays nothing on
 * its own: with no boat on reel 1 a line of boats can never start, so the paytable promises none);
 * three or more suns anywhere pay and start 12, 15 or 25 free spins at x2 on strips richer in
 * boats, retriggerable up to 60 spins per feature.
 * Strips were laid out so no symbol repeats within three positions (a window never shows one
 * symbol twice), which keeps the largest grid win modest; the figures in docs/game-math.md
 * and the declared RTP are recomputed from this file by the tests.
 */
export const GOLDEN_DELTA: SlotTitle = slotTitle({
  id: 'golden-delta',
  name: 'Golden Delta',
  theme: 'Sunrise over the river delta: fishing boats, hilsa, river dolphins and herons among water lilies.',
  symbols: [
    { id: 'BOAT', name: 'Golden Boat', kind: 'wild' },
    { id: 'SUN', name: 'Rising Sun', kind: 'scatter' },
    { id: 'HILSA', name: 'Hilsa', kind: 'regular', pays: { 3: 120, 4: 600, 5: 3000 } },
    { id: 'DOLPHIN', name: 'River Dolphin', kind: 'regular', pays: { 3: 100, 4: 400, 5: 2000 } },
    { id: 'HERON', name: 'Heron', kind: 'regular', pays: { 3: 75, 4: 300, 5: 1200 } },
    { id: 'WATER_LILY', name: 'Water Lily', kind: 'regular', pays: { 3: 60, 4: 200, 5: 800 } },
    { id: 'A', name: 'A', kind: 'regular', pays: { 3: 35, 4: 120, 5: 500 } },
    { id: 'K', name: 'K', kind: 'regular', pays: { 3: 30, 4: 100, 5: 400 } },
    { id: 'Q', name: 'Q', kind: 'regular', pays: { 3: 25, 4: 80, 5: 300 } },
    { id: 'J', name: 'J', kind: 'regular', pays: { 3: 25, 4: 60, 5: 250 } },
    { id: 'TEN', name: '10', kind: 'regular', pays: { 3: 20, 4: 50, 5: 200 } },
    { id: 'NINE', name: '9', kind: 'regular', pays: { 3: 15, 4: 40, 5: 150 } },
  ],
  paylines: EXTENDED_50_PAYLINES,
  baseReels: [
    'HILSA NINE Q DOLPHIN TEN J Q K NINE WATER_LILY HERON NINE A TEN J K WATER_LILY J TEN WATER_LILY HERON K A Q TEN A NINE J DOLPHIN HILSA HERON J Q WATER_LILY A SUN NINE Q DOLPHIN TEN K',
    'NINE WATER_LILY J NINE K Q NINE TEN HERON DOLPHIN A Q NINE J TEN K J DOLPHIN Q K TEN WATER_LILY HERON A HILSA WATER_LILY Q K TEN HERON J A WATER_LILY DOLPHIN Q NINE SUN A J BOAT HILSA TEN',
    'K NINE A TEN K HILSA NINE J HILSA Q K A WATER_LILY HERON A J Q DOLPHIN TEN J NINE TEN A Q WATER_LILY SUN Q TEN K DOLPHIN WATER_LILY NINE J Q WATER_LILY J HERON BOAT TEN NINE HERON DOLPHIN SUN',
    'TEN Q J NINE K J HERON A WATER_LILY NINE TEN J A K J HERON Q DOLPHIN WATER_LILY K TEN J WATER_LILY DOLPHIN TEN BOAT A SUN HILSA HERON K NINE Q HILSA DOLPHIN Q NINE TEN A WATER_LILY Q NINE',
    'NINE TEN Q A J SUN WATER_LILY NINE DOLPHIN K Q TEN HERON DOLPHIN NINE HERON J Q WATER_LILY A J WATER_LILY Q K A TEN NINE DOLPHIN HILSA HERON A NINE WATER_LILY TEN J HILSA K J TEN BOAT Q K',
  ],
  scatterPays: { 3: 2, 4: 10, 5: 50 },
  freeSpins: {
    awards: { 3: 12, 4: 15, 5: 25 },
    multiplier: 2,
    maxSpinsPerFeature: 60,
    reels: [
      'TEN WATER_LILY NINE J HILSA NINE J A HERON TEN Q DOLPHIN WATER_LILY HERON A WATER_LILY K TEN A NINE Q DOLPHIN K Q NINE A Q HILSA WATER_LILY J TEN SUN J K HERON Q DOLPHIN TEN J K NINE',
      'J A BOAT Q WATER_LILY HILSA HERON DOLPHIN TEN BOAT K Q NINE TEN J K Q WATER_LILY SUN HERON WATER_LILY NINE Q TEN K J BOAT DOLPHIN NINE J TEN NINE A K WATER_LILY A TEN NINE HILSA J A DOLPHIN Q HERON',
      'NINE A J HERON NINE K A BOAT J NINE WATER_LILY J Q TEN HERON Q TEN A WATER_LILY Q SUN DOLPHIN J A K TEN WATER_LILY BOAT Q K TEN NINE DOLPHIN HILSA BOAT HERON HILSA WATER_LILY J TEN K NINE DOLPHIN Q',
      'WATER_LILY TEN BOAT NINE A J BOAT DOLPHIN HERON K Q DOLPHIN K TEN Q J K NINE HERON TEN WATER_LILY J NINE TEN A NINE HILSA Q TEN WATER_LILY HILSA DOLPHIN WATER_LILY J NINE Q A J BOAT HERON Q K A SUN',
      'J BOAT DOLPHIN NINE Q J TEN A K BOAT J K SUN Q NINE TEN Q K DOLPHIN WATER_LILY J NINE TEN HERON BOAT NINE WATER_LILY J HILSA A TEN HERON Q A K TEN WATER_LILY HILSA DOLPHIN HERON NINE A WATER_LILY Q',
    ],
  },
  declaredRtpPercent: 94.7923,
});
