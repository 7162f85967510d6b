import { ORIGINAL_GAME_CODES } from '@kismat/contracts/originals';
import { AndarBaharGameRoute } from './andar-bahar-game';
import { DiceGameRoute } from './dice-game';
import { DragonTigerGameRoute } from './dragon-tiger-game';
import { MinesGameRoute } from './mines-game';
import { PlinkoGameRoute } from './plinko-game';
import { TeenPattiGameRoute } from './teen-patti-game';

/** The catalogue codes of the originals: /bgs?gameCode=<code> opens their screen. */
export const ORIGINAL_CODES: readonly string[] = Object.values(ORIGINAL_GAME_CODES);

/** /bgs?gameCode=kismat-dice | kismat-mines | kismat-plinko; /pvp?gameCode=kismat-dragon-tiger | kismat-andar-bahar | kismat-teen-patti (the card games). */
export function OriginalGameRoute({ gameCode }: { gameCode: string }) {
  if (gameCode === ORIGINAL_GAME_CODES.MINES) return <MinesGameRoute />;
  if (gameCode === ORIGINAL_GAME_CODES.PLINKO) return <PlinkoGameRoute />;
  if (gameCode === ORIGINAL_GAME_CODES.DRAGON_TIGER) return <DragonTigerGameRoute />;
  if (gameCode === ORIGINAL_GAME_CODES.ANDAR_BAHAR) return <AndarBaharGameRoute />;
  if (gameCode === ORIGINAL_GAME_CODES.TEEN_PATTI) return <TeenPattiGameRoute />;
  return <DiceGameRoute />;
}
