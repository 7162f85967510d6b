import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import bn from '@/locales/bn.json';
import en from '@/locales/en.json';
import bnPages from '@/locales/member-centre/bn.json';
import enPages from '@/locales/member-centre/en.json';
import swPages from '@/locales/member-centre/sw.json';
import sw from '@/locales/sw.json';
import {
  expectSentToCheckout,
  type GatewayProvider,
  gatewayOrder,
  installGatewayCashier,
  openDepositResult,
} from '../test/gateway-deposit';

const NAGAD: GatewayProvider = {
  code: 'nagad-online',
  name: 'Nagad (online)',
  instructions: 'Pay on Nagad’s page with your PIN.',
  provider: 'nagad',
  payUrl: (id) => `/fake-nagad/fake-checkout/2026112700000${id}ABCDEF`,
};

const cashier = installGatewayCashier(NAGAD);

describe('Nagad (online) on the deposit page (issue 22)', () => {
  it('shows the channel with the Nagad mark and sends the member to Nagad’s checkout page', async () => {
    await expectSentToCheckout(NAGAD, /Nagad \(online\)/);
  });

  it('back from Nagad: the result page names Nagad, not bKash', async () => {
    cashier.list([gatewayOrder(NAGAD, 31, 'approved')]);
    const result = await openDepositResult(31);
    expect(result.getAttribute('data-outcome')).toBe('credited');
    expect(within(result).getByText(/Nagad confirmed your payment. Order #31/)).toBeTruthy();
    expect(result.textContent).not.toContain('bKash');
  });

  it('names each provider in BN, EN and SW, and every result text takes the provider', () => {
    for (const [locale, pages] of [
      [bn, bnPages],
      [en, enPages],
      [sw, swPages],
    ] as const) {
      const names = locale.wallet.providerNames as Record<string, string>;
      for (const provider of ['bkash', 'nagad', 'mpesa', 'generic']) expect(names[provider]).toBeTruthy();
      for (const outcome of ['credited', 'pending', 'failed', 'unknown']) {
        expect((pages.wallet.depositResult as Record<string, string>)[`${outcome}Text`]).toContain('{{provider}}');
      }
    }
  });
});
