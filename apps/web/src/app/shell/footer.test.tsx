import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SITE_MINIMUM_AGE } from '@/lib/age';
import { setTestLanguage } from '@/test/language';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { Footer } from './footer';

const fetchMock = vi.fn<typeof fetch>();

function answerStatusWithCountry(country: string | null) {
  fetchMock.mockImplementation(async (input) =>
    String(input).startsWith('/wps/system/status')
      ? envelopeResponse({ status: 0, maintenanceEnd: null, ip: '203.0.113.7', country })
      : envelopeResponse(null),
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  await setTestLanguage('EN');
});

async function paymentBrands(): Promise<string[]> {
  const section = screen.getByRole('heading', { name: /payment|malipo|পেমেন্ট/i }).closest('section') as HTMLElement;
  // The status answer arrives after the first paint; wait for the list to settle on it.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return within(section)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('footer payment brands follow the visitor region', () => {
  it('a Swahili reader with no known IP country sees M-Pesa, not bKash or Nagad', async () => {
    await setTestLanguage('SW');
    answerStatusWithCountry(null);
    renderWithProviders(<Footer />);
    await screen.findByText('M-Pesa');
    const brands = await paymentBrands();
    expect(brands).toContain('Airtel Money');
    expect(brands).not.toContain('bKash');
    expect(brands).not.toContain('Nagad');
  });

  it('the IP country wins: a Ugandan visitor reading English sees MTN MoMo', async () => {
    answerStatusWithCountry('UG');
    renderWithProviders(<Footer />);
    await screen.findByText('MTN MoMo');
    expect(await paymentBrands()).not.toContain('bKash');
  });

  it('a Bengali reader sees the Bangladeshi wallets', async () => {
    await setTestLanguage('BN');
    answerStatusWithCountry(null);
    renderWithProviders(<Footer />);
    expect(await screen.findByText('bKash')).toBeTruthy();
    expect(await paymentBrands()).not.toContain('M-Pesa');
  });
});

describe('footer age', () => {
  it.each(['BN', 'EN', 'SW'] as const)('%s states the same age as the birthday check', async (language) => {
    await setTestLanguage(language);
    answerStatusWithCountry(null);
    renderWithProviders(<Footer />);
    expect(screen.getByRole('img', { name: new RegExp(String(SITE_MINIMUM_AGE)) }).textContent).toBe(`${SITE_MINIMUM_AGE}+`);
    expect(document.body.textContent).not.toMatch(/\b18\b|১৮/);
  });
});
