/*
 * The house-games module's public face: the operations and reads other modules may use. Files
 * outside modules/house-games/ import only this file (modules/boundaries.test.ts checks it).
 */

export { type FairnessSeedRow, lockSeedPair } from './fairness-seeds';
export { findOppositeLotteryBets, type OppositeBets } from './find-opposite-lottery-bets';
export { LOTTERY_GAMES } from './lottery-games';
export { lotteryJobs } from './lottery-jobs';
export { type HouseMoneyMove, postHousePayout, postHouseStake } from './post-house-money';
// The originals (modules/originals) play on the same seed pairs, round records and play accounts.
export {
  type ClosedGameRound,
  type DrawnGameRound,
  findHouseGame,
  type HouseGame,
  type HouseGameRounds,
  recordClosedHouseRound,
  registerHouseGameRounds,
} from './record-house-game-rounds';
export { type PlayAccounts, resolvePlayAccounts } from './resolve-play-accounts';
export { type RotationGuard, registerRotationGuard } from './rotation-guards';
export { findSeedsByIds, takeNextNonce } from './seed-rows';
export { openServerSeed, sealServerSeed, serverSeedOf } from './seed-vault';
