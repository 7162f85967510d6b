import type { HmacSha256Key } from '../crypto/hmac-sha256';
import { FairStream } from '../fair/fair-stream';
import type { SeedInputs } from '../fair/seed-inputs';
import type { ElottDraw, WinningSelection } from './lottery-types';

export const ELOTT_POSITIONS = 5;

/** Five independent digits, position 1 first, each uniform on 0-9 by rejection sampling. */
export function drawElott(seeds: SeedInputs, key?: HmacSha256Key): ElottDraw {
  const stream = new FairStream(seeds, key);
  return { kind: 'ELOTT', digits: Array.from({ length: ELOTT_POSITIONS }, () => stream.nextInt(10)) };
}

/** Big is 5-9 for a digit and 23-45 for the sum; small the rest. */
const sizeOf = (value: number, bigFrom: number) => (value >= bigFrom ? 'BIG' : 'SMALL');
const parityOf = (value: number) => (value % 2 === 1 ? 'ODD' : 'EVEN');

export function elottWinningSelections(draw: ElottDraw): WinningSelection[] {
  const winners: WinningSelection[] = [];
  draw.digits.forEach((digit, index) => {
    const position = index + 1;
    winners.push({ betType: 'POSITION_DIGIT', selection: `${position}-${digit}`, hits: 1 });
    winners.push({ betType: 'POSITION_SIZE', selection: `${position}-${sizeOf(digit, 5)}`, hits: 1 });
    winners.push({ betType: 'POSITION_PARITY', selection: `${position}-${parityOf(digit)}`, hits: 1 });
  });
  const sum = draw.digits.reduce((total, digit) => total + digit, 0);
  winners.push({ betType: 'SUM_SIZE', selection: sizeOf(sum, 23), hits: 1 });
  winners.push({ betType: 'SUM_PARITY', selection: parityOf(sum), hits: 1 });
  return winners;
}

export function isElottDraw(draw: ElottDraw): boolean {
  return draw.digits.length === ELOTT_POSITIONS && draw.digits.every((digit) => Number.isInteger(digit) && digit >= 0 && digit <= 9);
}
