import type { ContractType } from '@kismat/contracts/agent';

/** Query keys of the agent centre; mutations invalidate through these. */
export const agentKeys = {
  all: ['agent'] as const,
  home: ['agent', 'home'] as const,
  consolidated: ['agent', 'consolidated'] as const,
  announcements: (pageNo: number) => ['agent', 'announcements', pageNo] as const,
  teamOverview: (from: string, to: string) => ['agent', 'teamOverview', from, to] as const,
  downlines: (query: object) => ['agent', 'downlines', query] as const,
  downline: (memberId: number) => ['agent', 'downline', memberId] as const,
  invitations: ['agent', 'invitations'] as const,
  offeredContracts: (query: object) => ['agent', 'offeredContracts', query] as const,
  myContracts: (type: ContractType) => ['agent', 'myContracts', type] as const,
  bills: (query: object) => ['agent', 'bills', query] as const,
  revenue: (from: string, to: string) => ['agent', 'revenue', from, to] as const,
  profitLoss: (query: object) => ['agent', 'profitLoss', query] as const,
  transactions: (query: object) => ['agent', 'transactions', query] as const,
  personalHistory: (query: object) => ['agent', 'personalHistory', query] as const,
  registrationRules: ['agent', 'registrationRules'] as const,
};
