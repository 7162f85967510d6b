import { utf8Bytes } from '../crypto/bytes';
import { sha256 } from '../crypto/sha256';
import { dealerCountsByHand } from './teen-patti';

/** What the Teen Patti tests share (not production code). */

/** Card from rank (0 = Ace .. 12 = King) and suit (0..3). */
export const c = (rank: number, suit: number) => suit * 13 + rank;

/** The server seed the simulations deal from. */
export const serverSeed = sha256(utf8Bytes('kismat originals simulation'));

let counted: ReturnType<typeof dealerCountsByHand> | undefined;
/** The dealer count table, computed once per test file for the tests that read it. */
export const table = () => {
  counted ??= dealerCountsByHand();
  return counted;
};
