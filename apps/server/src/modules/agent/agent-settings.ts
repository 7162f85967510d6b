import type { Merchant } from '../../platform/merchant';

export interface AgentSettings {
  /**
   * Dividends: a period in which the team won (negative net loss) is carried into the next
   * period's base, so an agent is not paid on a loss the platform already gave back. Per merchant.
   */
  isDividendCarryOverOn: boolean;
  /** Whether the agent centre shows downline balances (merchant policy). */
  isDownlineBalanceVisible: boolean;
}

/** The merchant's agent-programme policy from `merchants.settings.agent`, with defaults. */
export function readAgentSettings(merchant: Pick<Merchant, 'settings'>): AgentSettings {
  const raw = merchant.settings.agent;
  const agent = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  return {
    isDividendCarryOverOn: agent.dividendCarryOver !== false,
    isDownlineBalanceVisible: agent.downlineBalanceVisible !== false,
  };
}
