import type {
  agentAnnouncementValue,
  agentHomeValue,
  billsValue,
  billValue,
  contractRelayValue,
  contractTermsValue,
  contractValue,
  downlineDetailValue,
  downlineSummaryValue,
  downlineTransactionValue,
  invitationValue,
  profitLossValue,
  revenueReportValue,
  teamOverviewValue,
} from '@kismat/contracts/agent';
import type { z } from 'zod';

export type AgentHome = z.infer<typeof agentHomeValue>;
export type AgentAnnouncement = z.infer<typeof agentAnnouncementValue>;
export type TeamOverview = z.infer<typeof teamOverviewValue>;
export type DownlineSummary = z.infer<typeof downlineSummaryValue>;
export type DownlineDetail = z.infer<typeof downlineDetailValue>;
export type Contract = z.infer<typeof contractValue>;
export type ContractTerms = z.infer<typeof contractTermsValue>;
export type Bill = z.infer<typeof billValue>;
export type Bills = z.infer<typeof billsValue>;
export type Invitation = z.infer<typeof invitationValue>;
export type RevenueReport = z.infer<typeof revenueReportValue>;
export type ProfitLoss = z.infer<typeof profitLossValue>;
export type DownlineTransaction = z.infer<typeof downlineTransactionValue>;
export type ContractRelay = z.infer<typeof contractRelayValue>;

export interface Paged<Item> {
  items: Item[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** A cursor-paged list (the team, its transactions): the total on the first page only. */
export interface CursorPaged<Item> {
  items: Item[];
  total: number | null;
  nextCursor: string | null;
}

/** Terms as the offer form sends them (amounts as decimal strings, rates in basis points). */
export interface TierInput {
  minValidBet: string;
  minActiveMembers: number;
  rateBps?: number;
  fixedAmount?: string;
}
export interface TermsInput {
  period?: ContractTerms['period'];
  basis?: ContractTerms['basis'];
  activeMemberMinBet?: string;
  tiers: TierInput[];
}
