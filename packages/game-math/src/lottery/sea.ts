import type { HmacSha256Key } from '../crypto/hmac-sha256';
import { FairStream } from '../fair/fair-stream';
import type { SeedInputs } from '../fair/seed-inputs';
import type { SeaDraw, WinningSelection } from './lottery-types';

/** First prize (six digits) then the separate two-digit bottom number, both uniform. */
export function drawSea(seeds: SeedInputs, key?: HmacSha256Key): SeaDraw {
  const stream = new FairStream(seeds, key);
  const firstPrize = String(stream.nextInt(1_000_000)).padStart(6, '0');
  const twoBottom = String(stream.nextInt(100)).padStart(2, '0');
  return { kind: 'SEA', firstPrize, twoBottom };
}

export function seaWinningSelections(draw: SeaDraw): WinningSelection[] {
  return [
    { betType: 'THREE_TOP', selection: draw.firstPrize.slice(-3), hits: 1 },
    { betType: 'TWO_TOP', selection: draw.firstPrize.slice(-2), hits: 1 },
    { betType: 'TWO_BOTTOM', selection: draw.twoBottom, hits: 1 },
  ];
}

export function isSeaDraw(draw: SeaDraw): boolean {
  return /^\d{6}$/.test(draw.firstPrize) && /^\d{2}$/.test(draw.twoBottom);
}
