/** Query keys of the wallet feature; mutations invalidate through these. */
export const walletKeys = {
  all: ['wallet'] as const,
  balance: ['wallet', 'balance'] as const,
  channels: ['wallet', 'deposit-channels'] as const,
  deposits: ['wallet', 'deposits'] as const,
  withdrawInfo: ['wallet', 'withdraw-info'] as const,
  withdrawals: ['wallet', 'withdrawals'] as const,
  transferInfo: ['wallet', 'transfer-info'] as const,
  downlines: (search: string) => ['wallet', 'downlines', search] as const,
  bonusPreview: (amount: string) => ['wallet', 'bonus-preview', amount] as const,
  turnoverLeft: ['wallet', 'turnover-left'] as const,
  transactions: (filters: Record<string, string | number | undefined>) => ['wallet', 'transactions', filters] as const,
};
