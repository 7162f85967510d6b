import { useTranslation } from 'react-i18next';

// Codes come from the server (slot title ids, symbol ids, lottery game codes); their names live
// in the locales (houseGames.names), so a BN or SW page never shows the engine's English names.
type LooseTranslate = (key: string, options: { defaultValue: string }) => string;

export interface HouseGameNames {
  /** "bengal-tiger" -> "বেঙ্গল টাইগার"; the server's name when a newer title has none yet. */
  title: (titleId: string, fallback: string) => string;
  /** Picture symbols by id; card ranks (A, K, 10) have no entry and stay as they are. */
  symbol: (titleId: string, symbolId: string, fallback: string) => string;
  /** "ELOTT_1M" -> "5D 1 মিনিট". */
  lottery: (gameCode: string, fallback: string) => string;
}

export function useHouseGameNames(): HouseGameNames {
  const { t } = useTranslation();
  const translate = t as unknown as LooseTranslate;
  return {
    title: (titleId, fallback) => translate(`houseGames.names.titles.${titleId}`, { defaultValue: fallback }),
    symbol: (titleId, symbolId, fallback) => translate(`houseGames.names.symbols.${titleId}.${symbolId}`, { defaultValue: fallback }),
    lottery: (gameCode, fallback) => translate(`houseGames.names.lottery.${gameCode}`, { defaultValue: fallback }),
  };
}
