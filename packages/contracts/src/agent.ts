import { z } from 'zod';
import { envelopeOf, moneyString } from './envelope';
import { recordId, recordIdParam } from './ids';
import { memberType } from './member';
import { amountInput, amountOutput, ledgerTransferType } from './wallet';

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

// ---------------------------------------------------------------------------------------------
// Vocabulary

export const CONTRACT_TYPES = ['DIVIDEND', 'DAILY_SALARY', 'HOURLY_SALARY', 'REALTIME_SALARY'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
export const contractType = z.enum(CONTRACT_TYPES);

/**
 * PENDING offered, waiting for the downline; ACTIVE accepted; REJECTED by the downline;
 * TERMINATED by either side, by the operator, or automatically (see terminationReason);
 * REPLACED when the downline accepted a newer contract of the same type; WITHDRAWN when the
 * offerer cancelled a pending offer.
 */
export const CONTRACT_STATUSES = ['PENDING', 'ACTIVE', 'REJECTED', 'TERMINATED', 'REPLACED', 'WITHDRAWN'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const TERMINATION_REASONS = [
  'BY_UPLINE',
  'BY_DOWNLINE',
  'BY_OPERATOR',
  /** The upline accepted lower terms and agreed that downline contracts above them end. */
  'UPLINE_TERMS_LOWERED',
  /** The upline's own contract of this type ended, so nothing can fund this one. */
  'UPLINE_CONTRACT_ENDED',
] as const;
export type TerminationReason = (typeof TERMINATION_REASONS)[number];

/** Dividend periods (spec section 4). Salaries have fixed periods: DAILY, HOURLY, FIVE_MINUTES. */
export const DIVIDEND_PERIODS = ['DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'] as const;
export const CONTRACT_PERIODS = ['FIVE_MINUTES', 'HOURLY', 'DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'] as const;
export type ContractPeriod = (typeof CONTRACT_PERIODS)[number];

/**
 * What a salary's rate applies to (docs/agent-contracts.md "Bases"):
 *   VALID_BET  the team's valid bet (settled bets only)           standard salary, real-time salary
 *   LOSS_RATE  the team's net loss (stakes - payouts), when > 0   "loss-rate salary"
 *   WIN_RATE   the team's net win (payouts - stakes), when > 0    "win-rate salary"
 *   NET_LOSS   dividends: the team's net loss, with carry-over of negative periods per merchant
 */
export const CONTRACT_BASES = ['VALID_BET', 'LOSS_RATE', 'WIN_RATE', 'NET_LOSS'] as const;
export type ContractBasis = (typeof CONTRACT_BASES)[number];

export const MAX_RATE_BPS = 10_000;
export const MAX_CONTRACT_TIERS = 20;

/**
 * One tier: reached when the team's period valid bet >= minValidBet AND active members >=
 * minActiveMembers. The highest-paying reached tier applies. A tier pays either rateBps of the
 * basis or a fixedAmount (salaries only); all tiers of one contract use the same kind.
 */
export const contractTierInput = z
  .object({
    minValidBet: amountInput({ allowZero: true }),
    minActiveMembers: z.number().int().min(0).max(1_000_000),
    rateBps: z.number().int().min(0).max(MAX_RATE_BPS).optional(),
    fixedAmount: amountInput().optional(),
  })
  .refine((tier) => (tier.rateBps === undefined) !== (tier.fixedAmount === undefined), {
    message: 'exactly one of rateBps and fixedAmount',
  });
export const contractTierValue = z.object({
  minValidBet: amountOutput,
  minActiveMembers: z.number().int(),
  rateBps: z.number().int().nullable(),
  fixedAmount: amountOutput.nullable(),
});
export type ContractTierValue = z.infer<typeof contractTierValue>;

/**
 * Terms of one contract. `period` must be DAILY for DAILY_SALARY, HOURLY for HOURLY_SALARY,
 * FIVE_MINUTES for REALTIME_SALARY and one of DIVIDEND_PERIODS for DIVIDEND; `basis` must be
 * NET_LOSS for DIVIDEND, VALID_BET for REALTIME_SALARY, any of VALID_BET/LOSS_RATE/WIN_RATE
 * for the other salaries. Omitted: the type's default period and basis.
 * activeMemberMinBet: a team member is "active" in a period when one settled bet (round) of
 * theirs is at least this much (the spec's "single betting" minimum).
 */
export const contractTermsInput = z.object({
  period: z.enum(CONTRACT_PERIODS).optional(),
  basis: z.enum(CONTRACT_BASES).optional(),
  activeMemberMinBet: amountInput({ allowZero: true }).optional(),
  tiers: z.array(contractTierInput).min(1).max(MAX_CONTRACT_TIERS),
});
export type ContractTermsInput = z.infer<typeof contractTermsInput>;

export const contractTermsValue = z.object({
  period: z.enum(CONTRACT_PERIODS),
  basis: z.enum(CONTRACT_BASES),
  activeMemberMinBet: amountOutput,
  tiers: z.array(contractTierValue),
});

export const contractValue = z.object({
  id: z.number().int(),
  type: contractType,
  status: z.enum(CONTRACT_STATUSES),
  terminationReason: z.enum(TERMINATION_REASONS).nullable(),
  /** Null: the platform (a top-level contract). */
  offererId: z.number().int().nullable(),
  offererUsername: z.string().nullable(),
  memberId: z.number().int(),
  memberUsername: z.string(),
  terms: contractTermsValue,
  /** The highest rate of any tier, for lists (bp). Null for fixed-amount contracts. */
  maxRateBps: z.number().int().nullable(),
  offeredAt: z.string().datetime(),
  respondedAt: z.string().datetime().nullable(),
  endedAt: z.string().datetime().nullable(),
});
export type ContractValue = z.infer<typeof contractValue>;

export const BILL_STATUSES = ['PAID', 'PARTIAL', 'UNPAID', 'NIL'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** One settlement of one contract for one period. Visible to payee and payer (and their uplines). */
export const billValue = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  type: contractType,
  periodKey: z.string(),
  periodStart: z.string().datetime(),
  periodEnd: z.string().datetime(),
  payeeId: z.number().int(),
  payeeUsername: z.string(),
  /** Null: the platform paid. */
  payerId: z.number().int().nullable(),
  payerUsername: z.string().nullable(),
  validBet: amountOutput,
  /** Stakes - payouts of the team's settled bets (negative: the team won). */
  netLoss: amountOutput,
  activeMembers: z.number().int(),
  /** Index into the contract's tiers, null when no tier was reached. */
  tierIndex: z.number().int().nullable(),
  rateBps: z.number().int().nullable(),
  /** Dividend only: negative result carried in from the previous period and out to the next. */
  carryIn: amountOutput,
  carryOut: amountOutput,
  amountDue: amountOutput,
  amountPaid: amountOutput,
  status: z.enum(BILL_STATUSES),
  settledAt: z.string().datetime(),
});
export type BillValue = z.infer<typeof billValue>;

// ---------------------------------------------------------------------------------------------
// Shared query pieces

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
/** Date presets of the agent centre; resolved in the merchant's time zone. */
export const DATE_PRESETS = [
  'TODAY',
  'YESTERDAY',
  'THIS_WEEK',
  'LAST_WEEK',
  'THIS_MONTH',
  'LAST_MONTH',
  'LAST_7_DAYS',
  'LAST_30_DAYS',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const MAX_REPORT_RANGE_DAYS = 92;

/** Either a preset or startDate+endDate (inclusive). Neither: TODAY. */
export const periodQuery = z.object({
  preset: z.enum(DATE_PRESETS).optional(),
  startDate: day.optional(),
  endDate: day.optional(),
});
export const pageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const resolvedPeriodValue = z.object({ startDate: day, endDate: day, from: z.string().datetime(), to: z.string().datetime() });
const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), pageNo: z.number().int(), pageSize: z.number().int() });

export const memberIdParams = z.object({ memberId: recordIdParam });
export const idParams = z.object({ id: recordIdParam });

// ---------------------------------------------------------------------------------------------
// Home and announcements

export const agentHomeValue = z.object({
  memberId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  type: memberType,
  affiliateCode: z.string().nullable(),
  /** Merchant time zone, minutes east of UTC (the header's GMT offset). */
  utcOffsetMinutes: z.number().int(),
  /** For the live clock: the client keeps (serverTime - its own clock) as an offset. */
  serverTime: z.string().datetime(),
  /** Which contract menu pages show (spec section 2 "Shown by contract type"). */
  menu: z.object({
    /** agentDividendRecordCopy2 (enableCt). */
    dividend: z.boolean(),
    /** agentDailyWages2. */
    dailySalary: z.boolean(),
    /** agentHourSalary. */
    hourSalary: z.boolean(),
    /** agentRealtimeSalary. */
    realtimeSalary: z.boolean(),
  }),
  /** Member types this agent may create in the register centre (docs/agent-contracts.md). */
  creatableTypes: z.array(memberType),
  /** Cash wallet and contract earnings. */
  cashBalance: amountOutput,
  earningsBalance: amountOutput,
});
export const agentHomeResponse = envelopeOf(agentHomeValue);

export const agentAnnouncementValue = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML; the web still runs it through DOMPurify. */
  content: z.string(),
  isPinned: z.boolean(),
  publishedAt: z.string().datetime(),
});
export const agentAnnouncementsResponse = envelopeOf(paged(agentAnnouncementValue));

// ---------------------------------------------------------------------------------------------
// Team overview

export const teamOverviewQuery = periodQuery;
export const teamOverviewValue = z.object({
  period: resolvedPeriodValue,
  /** Everyone in the subtree below the agent (not the agent itself). */
  members: z.number().int(),
  directMembers: z.number().int(),
  agents: z.number().int(),
  newMembers: z.number().int(),
  /** Members with at least one settled bet in the period. */
  activeMembers: z.number().int(),
  deposits: amountOutput,
  depositCount: z.number().int(),
  withdrawals: amountOutput,
  withdrawalCount: z.number().int(),
  /** Settled bets only. */
  validBet: amountOutput,
  /** Members' payouts - stakes on settled bets (negative: members lost). */
  memberWinLoss: amountOutput,
  /** Paid by this agent to its downlines in the period (ledger, by bill settlement time). */
  salariesPaid: amountOutput,
  dividendsPaid: amountOutput,
  /** Received by this agent from its upline or the platform. */
  salariesReceived: amountOutput,
  dividendsReceived: amountOutput,
});
export const teamOverviewResponse = envelopeOf(teamOverviewValue);

// ---------------------------------------------------------------------------------------------
// Downlines

export const downlinesQuery = pageQuery.extend({
  /** Part of a username or nickname (case-insensitive). */
  keyword: z.string().trim().max(40).optional(),
  /** Only direct downlines (depth 1); default the whole subtree. */
  directOnly: z.enum(['true', 'false']).optional(),
  /** Only members below this member (must itself be in the subtree). */
  underId: recordIdParam.optional(),
  kind: z.enum(['ALL', 'AGENT', 'MEMBER']).default('ALL'),
  sort: z.enum(['NEWEST', 'OLDEST', 'USERNAME', 'LAST_LOGIN']).default('NEWEST'),
});
export const downlineSummaryValue = z.object({
  memberId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  type: memberType,
  /** 1 = direct downline. */
  depth: z.number().int(),
  uplineId: z.number().int().nullable(),
  uplineUsername: z.string().nullable(),
  status: z.enum(['ACTIVE', 'FROZEN', 'CLOSED']),
  teamSize: z.number().int(),
  registeredAt: z.string().datetime(),
  lastLoginAt: z.string().datetime().nullable(),
  /** Null when the merchant's policy hides downline balances (settings.agentBalanceVisibility). */
  balance: amountOutput.nullable(),
});
export const downlinesResponse = envelopeOf(paged(downlineSummaryValue));

export const downlineDetailQuery = periodQuery;
export const downlineDetailValue = downlineSummaryValue.extend({
  period: resolvedPeriodValue,
  deposits: amountOutput,
  withdrawals: amountOutput,
  validBet: amountOutput,
  betCount: z.number().int(),
  memberWinLoss: amountOutput,
  /** The member's contracts (any status) offered by its direct upline or the platform. */
  contracts: z.array(contractValue),
  /** True when the caller is the direct upline (only then may it offer contracts to it). */
  isDirect: z.boolean(),
});
export const downlineDetailResponse = envelopeOf(downlineDetailValue);

/** Body of the transfer: same rules as CASHIER_PATHS.transferFund. Header idempotency-key. */
export const downlineTransferBody = z.object({
  amount: amountInput(),
  paymentPassword: z.string().min(1).max(64),
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_:-]{8,100}$/)
    .optional(),
});
export const downlineTransferValue = z.object({
  transferId: z.number().int(),
  toMemberId: z.number().int(),
  toUsername: z.string(),
  amount: amountOutput,
  createdAt: z.string().datetime(),
});
export const downlineTransferResponse = envelopeOf(downlineTransferValue);

// ---------------------------------------------------------------------------------------------
// Register centre

export const registerDownlineBody = z.object({
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,16}$/),
  password: z.string().min(6).max(32),
  nickname: z.string().trim().min(1).max(32).optional(),
  /** 0 member, or an agent type in agentHome.creatableTypes. */
  type: memberType,
});
export const registerDownlineValue = z.object({
  memberId: z.number().int(),
  username: z.string(),
  type: memberType,
  affiliateCode: z.string().nullable(),
});
export const registerDownlineResponse = envelopeOf(registerDownlineValue);

export const INVITATION_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export const createInvitationBody = z.object({
  /** Type of the accounts that register through the link: 0 or a creatable agent type. */
  memberType,
  /** A note only the agent sees ("Facebook campaign"). */
  label: z.string().trim().max(60).optional(),
  /** Offered as PENDING to everyone who registers through this link; validated like an offer. */
  defaultContract: z.object({ type: contractType, terms: contractTermsInput }).nullable().optional(),
});
export const invitationValue = z.object({
  id: z.number().int(),
  /** The affiliate code typed at registration; unique per merchant. */
  code: z.string(),
  memberType,
  label: z.string().nullable(),
  status: z.enum(INVITATION_STATUSES),
  defaultContract: z.object({ type: contractType, terms: contractTermsValue }).nullable(),
  registrations: z.number().int(),
  /** For the QR code and copy link: the site's public origin, /register?referralCode=CODE. */
  url: z.string(),
  createdAt: z.string().datetime(),
});
export const invitationsQuery = pageQuery.extend({ status: z.enum(INVITATION_STATUSES).optional() });
export const invitationsResponse = envelopeOf(paged(invitationValue));
export const invitationResponse = envelopeOf(invitationValue);

// ---------------------------------------------------------------------------------------------
// Contracts: the agent's offers to direct downlines

export const offeredContractsQuery = pageQuery.extend({
  type: contractType.optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
  memberId: recordIdParam.optional(),
});
export const offeredContractsResponse = envelopeOf(paged(contractValue));

/**
 * Offer a contract to a direct downline. Refused with CONTRACT_EXCEEDS_UPLINE when any tier
 * pays more than the caller's own ACTIVE contract of the type would at the same thresholds (or
 * the caller has none), CONTRACT_TERMS_INVALID when period/basis/tiers break the type's rules,
 * CONTRACT_OFFER_PENDING when an offer of the type is already waiting. A new offer replaces
 * the downline's ACTIVE contract of the type only once accepted.
 */
export const offerContractBody = z.object({
  memberId: recordId,
  type: contractType,
  terms: contractTermsInput,
});
export const contractResponse = envelopeOf(contractValue);

/** Terminate (ACTIVE) or withdraw (PENDING) an offer the caller made. */
export const terminateContractResponse = envelopeOf(z.object({ contract: contractValue, cascadedContractIds: z.array(z.number().int()) }));

// ---------------------------------------------------------------------------------------------
// Bills and reports

export const billsQuery = pageQuery.extend({
  type: contractType.optional(),
  /** RECEIVED: bills paid to the caller; PAID: bills the caller paid (its downlines'). */
  side: z.enum(['RECEIVED', 'PAID', 'ALL']).default('ALL'),
  status: z.enum(BILL_STATUSES).optional(),
  preset: z.enum(DATE_PRESETS).optional(),
  startDate: day.optional(),
  endDate: day.optional(),
});
export const billsValue = paged(billValue).extend({ totalDue: amountOutput, totalPaid: amountOutput });
export const billsResponse = envelopeOf(billsValue);

/**
 * Pay now (the payer of a PARTIAL or UNPAID bill): from its earnings first, then its cash
 * wallet, at most what is still owed. The payment password as for transfers; the idempotency
 * key (body or Idempotency-Key header) makes a retried request pay once.
 */
export const payBillBody = z.object({
  paymentPassword: z.string().min(1).max(64),
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_:-]{8,100}$/)
    .optional(),
});
export const payBillValue = z.object({
  bill: billValue,
  /** Moved by this request (a replay answers what the first request moved). */
  paidNow: amountOutput,
  /** Still owed after it: amountDue - amountPaid. */
  remaining: amountOutput,
});
export const payBillResponse = envelopeOf(payBillValue);

/** Earnings to wallet: AGENT_EARNINGS -> MEMBER_CASH of the caller; the key makes a retry move it once. */
export const earningsToWalletBody = z.object({
  amount: amountInput(),
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_:-]{8,100}$/)
    .optional(),
});
export const earningsToWalletValue = z.object({
  transferId: z.number().int(),
  amount: amountOutput,
  cashBalance: amountOutput,
  earningsBalance: amountOutput,
});
export const earningsToWalletResponse = envelopeOf(earningsToWalletValue);

export const revenueReportQuery = periodQuery;
export const revenueReportValue = z.object({
  period: resolvedPeriodValue,
  rows: z.array(
    z.object({
      type: contractType,
      received: amountOutput,
      paidToDownlines: amountOutput,
      /** received - paidToDownlines. */
      net: amountOutput,
      /** Bills of the caller's downlines left PARTIAL or UNPAID (what it still owes). */
      outstanding: amountOutput,
    }),
  ),
  totalReceived: amountOutput,
  totalPaid: amountOutput,
  totalNet: amountOutput,
});
export const revenueReportResponse = envelopeOf(revenueReportValue);

export const profitLossQuery = periodQuery.merge(pageQuery).extend({
  /** Rows per direct downline (each with its team) or per individual member of the subtree. */
  groupBy: z.enum(['DIRECT', 'MEMBER']).default('DIRECT'),
  underId: recordIdParam.optional(),
});
export const profitLossRow = z.object({
  memberId: z.number().int(),
  username: z.string(),
  type: memberType,
  teamSize: z.number().int(),
  validBet: amountOutput,
  payout: amountOutput,
  /** Members' payouts - stakes. */
  memberWinLoss: amountOutput,
  betCount: z.number().int(),
  deposits: amountOutput,
  withdrawals: amountOutput,
});
export const profitLossValue = paged(profitLossRow).extend({
  period: resolvedPeriodValue,
  totals: profitLossRow.pick({ validBet: true, payout: true, memberWinLoss: true, betCount: true, deposits: true, withdrawals: true }),
});
export const profitLossResponse = envelopeOf(profitLossValue);

export const downlineTransactionsQuery = periodQuery.merge(pageQuery).extend({
  memberId: recordIdParam.optional(),
  type: ledgerTransferType.optional(),
});
export const downlineTransactionValue = z.object({
  entryId: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  type: ledgerTransferType,
  description: z.string().nullable(),
  amount: moneyString,
  balanceAfter: moneyString,
  createdAt: z.string().datetime(),
});
export const downlineTransactionsResponse = envelopeOf(paged(downlineTransactionValue).extend({ period: resolvedPeriodValue }));

// ---------------------------------------------------------------------------------------------
// Relays: the downline's side (MCS2_processDividendReq and friends)

/**
 * action:
 *   list       the caller's contracts of this type (any status, newest first) and pending offers
 *   accept     accept the PENDING offer `contractId`; if it lowers terms below contracts the
 *              caller gave its own downlines, CONTRACT_DOWNLINE_CONFLICT (409) lists them in
 *              value.contractIds unless agreeTerminateDownlines is true, in which case they end
 *              (terminationReason UPLINE_TERMS_LOWERED)
 *   reject     reject the PENDING offer `contractId`
 *   terminate  end the caller's ACTIVE contract `contractId` (its own downline contracts of the
 *              type end too: UPLINE_CONTRACT_ENDED)
 *   bills      the caller's received bills of this type (pageNo/pageSize)
 */
export const CONTRACT_RELAY_ACTIONS = ['list', 'accept', 'reject', 'terminate', 'bills'] as const;
export const contractRelayBody = z.object({
  action: z.enum(CONTRACT_RELAY_ACTIONS).default('list'),
  contractId: recordId.optional(),
  agreeTerminateDownlines: z.boolean().optional(),
  pageNo: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export const contractRelayValue = z.object({
  type: contractType,
  /** The ACTIVE contract, if any. */
  active: contractValue.nullable(),
  /** Offers waiting for the caller's answer. */
  pending: z.array(contractValue),
  /** list: every contract of the type; other actions: the contract acted on. */
  contracts: z.array(contractValue),
  /** Contracts that ended as a consequence (auto-termination, cascade). */
  cascadedContractIds: z.array(z.number().int()),
  bills: z.array(billValue),
});
export const contractRelayResponse = envelopeOf(contractRelayValue);

/** value of CONTRACT_DOWNLINE_CONFLICT (409). */
export const contractConflictValue = z.object({ contractIds: z.array(z.number().int()) });

// ---------------------------------------------------------------------------------------------
// Operator

export const operatorOfferContractBody = z.object({
  merchantCode: z.string().min(1).max(40),
  memberId: recordId,
  type: contractType,
  terms: contractTermsInput,
});
export const operatorContractsQuery = pageQuery.extend({
  merchantCode: z.string().min(1).max(40),
  type: contractType.optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
  memberId: recordIdParam.optional(),
});
export const operatorBillsQuery = operatorContractsQuery.omit({ status: true }).extend({ status: z.enum(BILL_STATUSES).optional() });
export const operatorSettleBody = z.object({
  merchantCode: z.string().min(1).max(40),
  type: contractType,
  /** Dividend contracts of this period (default MONTHLY); salaries have their own fixed period. */
  period: z.enum(DIVIDEND_PERIODS).optional(),
  /** Any moment inside the period to settle (it must have ended); default: the last ended period. */
  at: z.string().datetime({ offset: true }).optional(),
});
export const settlementSummaryValue = z.object({
  type: contractType,
  periodKey: z.string(),
  periodStart: z.string().datetime(),
  periodEnd: z.string().datetime(),
  /** Bills created by this run; contracts already billed for the period are skipped. */
  billed: z.number().int(),
  skipped: z.number().int(),
  paid: z.number().int(),
  partial: z.number().int(),
  unpaid: z.number().int(),
  nil: z.number().int(),
  totalDue: amountOutput,
  totalPaid: amountOutput,
});
export const settlementSummaryResponse = envelopeOf(settlementSummaryValue);
export const operatorContractsResponse = offeredContractsResponse;
export const operatorBillsResponse = billsResponse;
