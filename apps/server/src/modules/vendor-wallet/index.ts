/*
 * The vendor-wallet module's public face: the operations and reads other modules may use. Files
 * outside modules/vendor-wallet/ import only this file (modules/boundaries.test.ts checks it).
 */
export {
  AGGREGATOR_SESSION_MS,
  type AggregatorContract,
  type AggregatorGame,
  type AggregatorSession,
  type OpenAggregatorSessionInput,
  type OpenedAggregatorSession,
  openAggregatorSession,
} from './aggregator-session';
export { getPersonalProfit } from './get-personal-profit';
export { houseGameRounds } from './house-game-rounds';
export {
  type LaunchByToken,
  type LaunchSessionRow,
  type LaunchSessions,
  registerLaunchSessions,
} from './launch-session-port';
export { listBettingRecords, type RecordFilter } from './list-betting-records';
export { listBiggestWins } from './list-biggest-wins';
export { listFrameOrigins } from './list-frame-origins';
export { listVendorRounds, type VendorRoundFilter, type VendorRoundRow } from './list-vendor-rounds';
export { gameRoundsRelation, type MemberPlay, readPlayByMember } from './read-play-by-member';
export { rotateVendorSecret } from './rotate-vendor-secret';
export {
  type AggregatorWallet,
  aggregatorWalletOf,
  type BetAttributes,
  type BetState,
  type CoreBetInput,
  type CoreCallBase,
  type CorePromoCreditInput,
  type CoreResult,
  type CoreRollbackInput,
  type CoreSettleInput,
  type CoreStatus,
  coreBalance,
  coreBet,
  coreBetState,
  corePromoCredit,
  coreRollback,
  coreSettle,
  minorOfScaled,
  resolveAggregatorSession,
} from './seamless-core';
export { seedVendorIntegrations } from './seed-vendor-integrations';
export { settledRoundsRelation } from './settled-rounds-relation';
export { VendorDirectory } from './vendor-directory';
export { signVendorPayload } from './vendor-signature';
