/*
 * The agent module's public face: the operations and reads other modules may use. Files
 * outside modules/agent/ import only this file (modules/boundaries.test.ts checks it).
 */
export { agentSettlementJobs } from './agent-settlement-jobs';
export { lastEndedPeriod, periodContaining } from './contract-periods';
export { listContractViews } from './contract-queries';
export { getConsolidatedFlags } from './get-consolidated-flags';
export { findContractById, listMerchantBills, listMerchantContracts } from './list-merchant-contracts';
export type { OfferContractInput } from './offer-contract';
export { offerContract } from './offer-contract';
export { isAgentType } from './policy';
export { listBillViews } from './present-bill';
export { seedDemoAgentData } from './seed-demo-agent-data';
export { settleContracts } from './settle-contracts';
export { teamRollupsEngine } from './team-rollups';
export { terminateContract } from './terminate-contract';
export type { ResolvedInvitation } from './use-invitation-link';
export { countInvitationRegistration, offerInvitationContract, resolveInvitationCode } from './use-invitation-link';
