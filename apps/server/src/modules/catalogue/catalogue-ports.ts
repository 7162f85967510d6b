import type { GameCategory } from '@kismat/contracts/constants';
import type { Language } from '@kismat/contracts/languages';
import type { DbOrTx } from '../../platform/db';
import type { ArtSubject } from './find-art-subject';

/** One closed, real-money round of the winner board: the largest net wins first. */
export interface BiggestWin {
  /** The member's username (masked by the board). */
  username: string;
  netWin: bigint;
  iconUrl: string;
  /** In the board's language, else the vendor's name. */
  gameName: string;
  vendorCode: string;
  gameId: number;
  closedAt: Date | null;
}

/**
 * What the catalogue's pages read of modules above it: the banner and promotion titles its
 * generated art draws (messages' tables) and the biggest recent wins of its winner board
 * (vendor-wallet's game rounds). Both modules import the catalogue, so it cannot import them:
 * the route registry (modules/index.ts) hands their faces' reads in at start-up.
 */
export interface CataloguePorts {
  findBannerArt(db: DbOrTx, merchantId: number, bannerCode: string): Promise<ArtSubject | null>;
  findAnnouncementArt(
    db: DbOrTx,
    merchantId: number,
    announcementCode: string,
    sequence: number,
    language: Language,
  ): Promise<ArtSubject | null>;
  listBiggestWins(
    db: DbOrTx,
    input: { merchantId: number; category: GameCategory | 'ALL'; language: Language; limit: number; since: Date },
  ): Promise<BiggestWin[]>;
}

let ports: CataloguePorts | null = null;

export function registerCataloguePorts(registered: CataloguePorts): void {
  ports = registered;
}

export function cataloguePorts(): CataloguePorts {
  if (!ports) throw new Error('no catalogue ports: modules/index.ts registers them');
  return ports;
}
