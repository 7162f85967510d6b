import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountArea } from '@/app/shell/account-area';
import { useSessionStore } from '@/stores/session-store';
import { setTestLanguage } from '@/test/language';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { trialCode } from './trial-name';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () => envelopeResponse(null)),
  );
});

afterEach(async () => {
  useSessionStore.getState().signOut();
  await setTestLanguage('EN');
});

describe('trial player name', () => {
  it('reads the code from the account name', () => {
    expect(trialCode('trial_5f0c9a1b2ed9')).toBe('2ED9');
    expect(trialCode('rahim01')).toBeNull();
    expect(trialCode(null)).toBeNull();
  });

  it.each([
    ['BN', 'ট্রায়াল 2ED9'],
    ['SW', 'Majaribio 2ED9'],
  ] as const)('the header names a trial player in %s, not with the server English nickname', async (language, name) => {
    await setTestLanguage(language);
    useSessionStore.getState().signIn({ token: 't', nickname: 'Trial 2ED9', account: 'trial_5f0c9a1b2ed9', isAgent: false, isTrial: true });
    renderWithProviders(<AccountArea isMobile={false} />);
    expect(screen.getAllByText(name).length).toBeGreaterThan(0);
    expect(screen.queryByText('Trial 2ED9')).toBeNull();
  });
});
