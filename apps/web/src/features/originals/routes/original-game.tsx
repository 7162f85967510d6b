import { ORIGINAL_GAME_CODES } from '@kismat/contracts/originals';
import { DiceGameRoute } from './dice-game';
import { MinesGameRoute } from './mines-game';

/** The catalogue codes of the originals: /bgs?gameCode=<code> opens their screen. */
export const ORIGINAL_CODES: readonly string[] = Object.values(ORIGINAL_GAME_CODES);

/** /bgs?gameCode=kismat-dice | kismat-mines. */
export function OriginalGameRoute({ gameCode }: { gameCode: string }) {
  return gameCode === ORIGINAL_GAME_CODES.MINES ? <MinesGameRoute /> : <DiceGameRoute />;
}
