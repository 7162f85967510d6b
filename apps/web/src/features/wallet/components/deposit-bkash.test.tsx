import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import bn from '@/locales/member-centre/bn.json';
import en from '@/locales/member-centre/en.json';
import sw from '@/locales/member-centre/sw.json';
import { renderWithProviders } from '@/test/render';
import {
  expectSentToCheckout,
  type GatewayProvider,
  gatewayOrder,
  installGatewayCashier,
  openDepositResult,
} from '../test/gateway-deposit';
import { DepositPage } from './deposit-page';

const BKASH: GatewayProvider = {
  code: 'bkash_online',
  name: 'bKash payment',
  instructions: 'Pay on bKash’s page.',
  provider: 'bkash',
  payUrl: (id) => `http://fake.test/fake-bkash/checkout-page?paymentId=TR0011X${id}`,
};

const cashier = installGatewayCashier(BKASH);

describe('bKash (online) on the deposit page (issue 22)', () => {
  it('shows the channel with the bKash logo and sends the member to bKash’s checkout page', async () => {
    await expectSentToCheckout(BKASH, /bKash payment/);
  });

  it('back from bKash: the result page shows the credited order and the balance', async () => {
    cashier.list([gatewayOrder(BKASH, 31, 'approved')]);
    const result = await openDepositResult(31);
    expect(result.getAttribute('data-outcome')).toBe('credited');
    expect(within(result).getByText(/bKash confirmed your payment. Order #31/)).toBeTruthy();
    expect(await within(result).findByTestId('deposit-result-balance')).toBeTruthy();
    expect(within(result).getByTestId('deposit-result-balance').textContent).toContain('500');
  });

  it('a cancelled payment and an unmatched return say so', async () => {
    cashier.list([gatewayOrder(BKASH, 32, 'failed')]);
    const failed = renderWithProviders(<DepositPage />, { route: '/member?page=depositv2&depositResult=32' });
    expect((await screen.findByTestId('deposit-result')).getAttribute('data-outcome')).toBe('failed');
    failed.unmount();
    expect((await openDepositResult(0)).getAttribute('data-outcome')).toBe('unknown');
  });

  it('has the result texts in BN, EN and SW', () => {
    for (const locale of [bn, en, sw]) {
      for (const outcome of ['credited', 'pending', 'failed', 'unknown']) {
        expect((locale.wallet.depositResult as Record<string, string>)[`${outcome}Title`]).toBeTruthy();
        expect((locale.wallet.depositResult as Record<string, string>)[`${outcome}Text`]).toBeTruthy();
      }
    }
  });
});
