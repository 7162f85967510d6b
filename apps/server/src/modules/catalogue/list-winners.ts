import type { WinnerEntry } from '@kismat/contracts/catalogue';
import type { GameCategory } from '@kismat/contracts/constants';
import type { Language } from '@kismat/contracts/languages';
import { formatAmount } from '@kismat/contracts/wallet';
import type { DbOrTx } from '../../platform/db';
import { cataloguePorts } from './catalogue-ports';
import { hashText } from './stable-hash';

/** Wins older than this leave the board. */
const WINDOW_DAYS = 30;

/** "player123" -> "pl*****23": the board shows who won without naming them. */
export function maskName(name: string): string {
  if (name.length <= 4) return `${name.slice(0, 1)}***`;
  return `${name.slice(0, 2)}${'*'.repeat(Math.min(5, name.length - 4))}${name.slice(-2)}`;
}

/**
 * The winner board from real rounds: the largest net wins (payout minus stake) of closed rounds
 * in the last 30 days. When nobody has won yet the caller shows the DEMO board instead.
 */
export async function listWinners(
  db: DbOrTx,
  input: { merchantId: number; category: GameCategory | 'ALL'; language: Language; limit: number; now: Date },
): Promise<WinnerEntry[]> {
  const since = new Date(input.now.getTime() - WINDOW_DAYS * 86_400_000);
  // The rounds are vendor-wallet's: its face answers through the catalogue's port.
  const rows = await cataloguePorts().listBiggestWins(db, {
    merchantId: input.merchantId,
    category: input.category,
    language: input.language,
    limit: input.limit,
    since,
  });
  return rows.map((row, index) => ({
    rank: index + 1,
    vo: {
      customerName: maskName(row.username),
      winAmount: formatAmount(row.netWin),
      iconUrl: row.iconUrl,
      gameName: row.gameName,
      vassalage: row.vendorCode,
      nodeId: row.gameId,
      wonAt: (row.closedAt ?? input.now).toISOString(),
    },
  }));
}

/**
 * A deterministic DEMO board (same every time) from the offered hot games, for a site where no
 * round has been won yet; the response says isDemo so the web can label it.
 */
export function buildDemoWinners(
  hotGames: readonly { nodeId: number; iconUrl: string; displayName: string; vassalage: string }[],
  limit: number,
  now: Date,
): WinnerEntry[] {
  const picks = hotGames.slice(0, limit);
  const amounts = picks.map((game) => 50_000n + BigInt(hashText(`demo-win:${game.nodeId}`) % 5_000_000));
  amounts.sort((left, right) => (left > right ? -1 : left < right ? 1 : 0));
  return picks.map((game, index) => ({
    rank: index + 1,
    vo: {
      customerName: maskName(`demo${String(hashText(`demo-name:${game.nodeId}`) % 10_000).padStart(4, '0')}`),
      winAmount: formatAmount(amounts[index] ?? 0n),
      iconUrl: game.iconUrl,
      gameName: game.displayName,
      vassalage: game.vassalage,
      nodeId: game.nodeId,
      wonAt: new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000).toISOString(),
    },
  }));
}
