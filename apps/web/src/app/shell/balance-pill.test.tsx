import type { MemberInfo } from '@kismat/contracts/member';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useRefreshBalance } from '@/features/wallet/hooks/use-refresh-balance';
import { useSessionStore } from '@/stores/session-store';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { BalancePill } from './balance-pill';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    if (String(input) === '/wps/v2/wallets/balance') {
      return envelopeResponse({
        currency: 'BDT',
        currencySymbol: '৳',
        balance: '250.50',
        cash: '300.50',
        held: '50.00',
        bonus: '0.00',
        trial: '0.00',
        points: '0',
      });
    }
    return envelopeResponse(null);
  });
  vi.stubGlobal('fetch', fetchMock);
});

/** The header's balance as the account area wires it. */
function HeaderBalance() {
  const member = useSessionStore((state) => state.member);
  const balance = useRefreshBalance();
  return <BalancePill member={member} isRefreshing={balance.isRefreshing} onRefresh={() => void balance.refresh()} />;
}

describe('header balance', () => {
  it('refreshes from GET /wps/v2/wallets/balance and shows the spendable amount', async () => {
    const user = userEvent.setup();
    useSessionStore.getState().signIn({ token: 't', nickname: 'Lucky', account: 'lucky01', isAgent: false });
    useSessionStore
      .getState()
      .setMember({ nickname: 'Lucky', isAgent: false, isTrial: false, balance: '10.00', currencySymbol: '৳' } as MemberInfo);
    renderWithProviders(<HeaderBalance />);
    expect(screen.getByText('10.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refresh balance' }));
    await waitFor(() => expect(screen.getByText('250.50')).toBeTruthy());
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === '/wps/v2/wallets/balance')).toHaveLength(1);
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/wps/member/info'))).toBe(false);
  });
});
