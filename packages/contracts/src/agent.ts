/**
 * The agent programme (spec sections 1, 2, 4, 7; docs/agent-contracts.md): the agent centre's
 * calls, the downline's contract relays and the operator's top-level contracts.
 *
 * Conventions of this file:
 * - Every /wps/agent/* call is T and agent-only (AGENT_ONLY for other members, TRIAL_FORBIDDEN
 *   for trial players). Anything addressed by member id outside the caller's subtree answers
 *   NOT_IN_TEAM (403), the same as an id that does not exist, so the tree cannot be probed.
 * - The four contract relays are T for any real member (a downline may be a plain member).
 * - Money is a two-decimal string ("1234.50"); rates are basis points (integer, 1 bp = 0.01%,
 *   10000 = 100%) so that no float ever touches a rate.
 * - Dates are calendar days (YYYY-MM-DD) in the merchant's time zone, inclusive; `preset`
 *   overrides them. Times are ISO 8601 UTC.
 */
export const AGENT_PATHS = {
  /** The agent centre's header and menu: nickname, GMT offset, server time, which contract pages show. */
  home: '/wps/agent/home',
  announcements: '/wps/agent/announcements',
  /** agentTeamOverview: team figures for a period. */
  teamOverview: '/wps/agent/team/overview',
  /** downlineManagmentView: search and page the subtree. */
  downlines: '/wps/agent/downlines',
  downline: '/wps/agent/downlines/:memberId',
  /** Transfer to a downline: the cashier's transferFund (payment password, limits, idempotency). */
  downlineTransfer: '/wps/agent/downlines/:memberId/transfer',
  /** registerCenter: create a downline account directly (E: carries a password). */
  registerDownline: '/wps/agent/register',
  invitations: '/wps/agent/invitations',
  invitationDisable: '/wps/agent/invitations/:id/disable',
  /** Contracts the agent offered to its direct downlines (and offering a new one). */
  offeredContracts: '/wps/agent/contracts',
  terminateOfferedContract: '/wps/agent/contracts/:id/terminate',
  /** Bills of the agent's contracts, both sides (received from upline/platform, paid to downlines). */
  bills: '/wps/agent/bills',
  /** Pay now what the caller still owes on one PARTIAL or UNPAID bill it is the payer of. */
  payBill: '/wps/agent/bills/:id/pay',
  /** Move contract earnings into the agent's own cash wallet (to play, transfer or withdraw). */
  earningsToWallet: '/wps/agent/earnings/to-wallet',
  /** agentRevenueReport: the agent's contract income and payouts per type for a period. */
  revenueReport: '/wps/agent/reports/revenue',
  /** palStatementsAgentCopy: profit and loss per downline for a period. */
  profitLossReport: '/wps/agent/reports/profit-loss',
  /** agentDownlineTransactionDetailsCopy: ledger movements of the subtree. */
  downlineTransactions: '/wps/agent/reports/downline-transactions',
} as const;

/**
 * personalHistoryCopy (the agent's own betting record) is the member call
 * BETTING_RECORD_PATHS.bettingRecord (/wps/relay/ODSFE2_MemTransDet); the agent's own account
 * record is CASHIER_PATHS.transactions. They are not duplicated here.
 */

/** The downline's side of contracts (spec section 7): POST, T, any real member. */
export const CONTRACT_RELAY_PATHS = {
  DIVIDEND: '/wps/relay/MCS2_processDividendReq',
  DAILY_SALARY: '/wps/relay/MCS2_processDailySalContract',
  HOURLY_SALARY: '/wps/relay/MCS2_processContractHourSalary',
  REALTIME_SALARY: '/wps/relay/MCSFE_processRealTimeSalaryContract',
} as const;

export const OPERATOR_AGENT_PATHS = {
  /** Top-level contracts: offered by the platform to an agent that has no agent upline. */
  contracts: '/admin-api/agent/contracts',
  terminateContract: '/admin-api/agent/contracts/:id/terminate',
  bills: '/admin-api/agent/bills',
  /** Runs one settlement (type, period) now; the scheduler does the same on its own. */
  settle: '/admin-api/agent/settlements',
} as const;

// The schemas, by resource; importers keep using '@kismat/contracts/agent'.
export * from './agent-contracts';
export * from './agent-reports';
export * from './agent-team';
export * from './agent-vocabulary';
