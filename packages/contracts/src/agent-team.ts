import { z } from 'zod';
import {
  contractTermsInput,
  contractTermsValue,
  contractType,
  contractValue,
  cursorPaged,
  pageCursor,
  paged,
  pageQuery,
  periodQuery,
  resolvedPeriodValue,
} from './agent-vocabulary';
import { paidMoveFields } from './cashier';
import { envelopeOf } from './envelope';
import { recordIdParam } from './ids';
import { memberType } from './member';
import { amountOutput } from './wallet';

/* The agent centre's team calls: home, announcements, team overview, downlines, register centre and invitations (the calls are AGENT_PATHS of ./agent.ts, whose conventions apply). */

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
  /** The previous page's `nextCursor` (keyset paging); absent: the first page. `pageNo` is only echoed. */
  cursor: pageCursor.optional(),
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
export const downlinesResponse = envelopeOf(cursorPaged(downlineSummaryValue));

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
  /** A time-out or self-exclusion keeps the member from play (issue 17): all an agent learns, never which rule or until when. */
  restricted: z.boolean(),
});
export const downlineDetailResponse = envelopeOf(downlineDetailValue);

/** Body of the transfer: same rules as CASHIER_PATHS.transferFund. Header idempotency-key. */
export const downlineTransferBody = z.object({
  ...paidMoveFields,
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
