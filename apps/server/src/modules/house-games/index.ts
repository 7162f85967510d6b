/*
 * The house-games module's public face: the operations and reads other modules may use. Files
 * outside modules/house-games/ import only this file (modules/boundaries.test.ts checks it).
 */
export { LOTTERY_GAMES } from './lottery-games';
export { lotteryJobs } from './lottery-jobs';
export {
  type ClosedGameRound,
  type DrawnGameRound,
  type HouseGameRounds,
  registerHouseGameRounds,
} from './record-house-game-rounds';
export { openServerSeed, sealServerSeed } from './seed-vault';
