import { STANDARD_25_PAYLINES } from '../paylines';
import type { SlotTitle } from '../slot-types';
import { slotTitle } from '../title-builder';

/**
 * Bengal Tiger: 25 lines; the tiger is wild on every reel and pays on its own; three or more temples anywhere pay and start 10, 15 or 20 free spins at x2, retriggerable up to 50 spins per feature.
 * Strips were laid out so no symbol repeats within three positions (a window never shows one
 * symbol twice), which keeps the largest grid win modest; the figures in docs/game-math.md
 * and the declared RTP are recomputed from this file by the tests.
 */
export const BENGAL_TIGER: SlotTitle = slotTitle({
  id: 'bengal-tiger',
  name: 'Bengal Tiger',
  theme: 'The Sundarbans mangrove forest: the royal Bengal tiger among deer, crocodiles and kingfishers.',
  symbols: [
    { id: 'TIGER', name: 'Royal Bengal Tiger', kind: 'wild', pays: { 3: 100, 4: 500, 5: 2000 } },
    { id: 'TEMPLE', name: 'Terracotta Temple', kind: 'scatter' },
    { id: 'DEER', name: 'Spotted Deer', kind: 'regular', pays: { 3: 60, 4: 250, 5: 1000 } },
    { id: 'CROCODILE', name: 'Crocodile', kind: 'regular', pays: { 3: 50, 4: 200, 5: 600 } },
    { id: 'KINGFISHER', name: 'Kingfisher', kind: 'regular', pays: { 3: 40, 4: 150, 5: 500 } },
    { id: 'MONKEY', name: 'Rhesus Monkey', kind: 'regular', pays: { 3: 30, 4: 120, 5: 400 } },
    { id: 'A', name: 'A', kind: 'regular', pays: { 3: 25, 4: 80, 5: 300 } },
    { id: 'K', name: 'K', kind: 'regular', pays: { 3: 25, 4: 60, 5: 250 } },
    { id: 'Q', name: 'Q', kind: 'regular', pays: { 3: 20, 4: 50, 5: 200 } },
    { id: 'J', name: 'J', kind: 'regular', pays: { 3: 15, 4: 40, 5: 200 } },
    { id: 'TEN', name: '10', kind: 'regular', pays: { 3: 10, 4: 30, 5: 150 } },
    { id: 'NINE', name: '9', kind: 'regular', pays: { 3: 10, 4: 30, 5: 150 } },
  ],
  paylines: STANDARD_25_PAYLINES,
  baseReels: [
    'MONKEY A Q NINE K J TEMPLE K KINGFISHER Q TEN CROCODILE KINGFISHER A K NINE DEER Q MONKEY A TEN J NINE DEER J TEN KINGFISHER CROCODILE TEN DEER NINE TEN Q A MONKEY J CROCODILE K MONKEY NINE A J Q TIGER K KINGFISHER',
    'TEN K CROCODILE KINGFISHER J NINE DEER A J K CROCODILE TEN DEER NINE Q J MONKEY A Q KINGFISHER K TEMPLE A TEN K Q A MONKEY KINGFISHER K Q TIGER MONKEY NINE TEN J NINE DEER CROCODILE KINGFISHER MONKEY A TEMPLE NINE TEN J Q TIGER',
    'J K TEN NINE J Q K TEN A CROCODILE K NINE Q J A TEN KINGFISHER A TEMPLE MONKEY Q NINE KINGFISHER MONKEY NINE Q DEER J CROCODILE K DEER TIGER A CROCODILE NINE DEER MONKEY TEN TEMPLE KINGFISHER K A TIGER J MONKEY TEN KINGFISHER Q',
    'KINGFISHER Q NINE J MONKEY A K Q A TIGER MONKEY K TEN A K TEN Q A TEN DEER CROCODILE K DEER J MONKEY KINGFISHER TEN J Q NINE A J TEMPLE TEN NINE TEMPLE KINGFISHER DEER NINE CROCODILE J MONKEY Q NINE K KINGFISHER TIGER CROCODILE',
    'NINE TEN Q KINGFISHER K DEER TEN K KINGFISHER CROCODILE NINE Q J A K NINE A TEN MONKEY Q J TIGER K KINGFISHER Q J NINE CROCODILE A TEN MONKEY DEER J A Q TEN K DEER TEMPLE MONKEY CROCODILE KINGFISHER J NINE A MONKEY',
  ],
  scatterPays: { 3: 2, 4: 10, 5: 50 },
  freeSpins: {
    awards: { 3: 10, 4: 15, 5: 20 },
    multiplier: 2,
    maxSpinsPerFeature: 50,
    reels: [
      'J CROCODILE DEER MONKEY NINE Q A CROCODILE NINE KINGFISHER TEN K KINGFISHER TEN K DEER TEN MONKEY K J TIGER Q NINE KINGFISHER K TEN MONKEY Q NINE K J A TIGER CROCODILE A DEER KINGFISHER TEN TEMPLE Q J A MONKEY J A Q NINE',
      'MONKEY KINGFISHER A Q NINE K A MONKEY DEER NINE K KINGFISHER A K CROCODILE J NINE DEER Q TEN TIGER KINGFISHER TEN Q K A TEN J TIGER TEN CROCODILE TIGER TEMPLE MONKEY J A Q NINE J Q TEN J MONKEY KINGFISHER DEER NINE K CROCODILE',
      'K CROCODILE A KINGFISHER J TEN A NINE TEN MONKEY J DEER A Q J K NINE KINGFISHER A TEN TIGER Q NINE K Q CROCODILE TEN TIGER MONKEY Q KINGFISHER DEER J KINGFISHER MONKEY NINE TEMPLE K NINE Q DEER CROCODILE J K MONKEY TEN A TIGER',
      'MONKEY KINGFISHER A CROCODILE Q K MONKEY J NINE DEER A Q TEN NINE TIGER K TEN J Q KINGFISHER TEN CROCODILE A NINE TIGER K CROCODILE KINGFISHER A J TEN K DEER J Q DEER J MONKEY Q K TEN NINE TIGER MONKEY A KINGFISHER TEMPLE NINE',
      'Q NINE KINGFISHER DEER K A Q DEER J KINGFISHER MONKEY TIGER J K TEN MONKEY Q K J CROCODILE A NINE MONKEY TEN K NINE TEN A J Q KINGFISHER TEN CROCODILE A TEN K A TEMPLE NINE DEER Q CROCODILE MONKEY NINE TIGER KINGFISHER J',
    ],
  },
  declaredRtpPercent: 96.1547,
});
