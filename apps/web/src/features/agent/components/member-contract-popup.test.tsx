import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import type { Contract } from '../api/types';
import { MemberContractPopup } from './member-contract-popup';

const offer: Contract = {
  id: 41,
  type: 'DAILY_SALARY',
  status: 'PENDING',
  terminationReason: null,
  offererId: 7,
  offererUsername: 'demoagent',
  memberId: 9,
  memberUsername: 'lucky1',
  terms: {
    period: 'DAILY',
    basis: 'VALID_BET',
    activeMemberMinBet: '0.00',
    tiers: [{ minValidBet: '0.00', minActiveMembers: 0, rateBps: 30, fixedAmount: null }],
  },
  maxRateBps: 30,
  offeredAt: '2026-11-20T10:00:00.000Z',
  respondedAt: null,
  endedAt: null,
};

/** The relay answers with the offer pending until it is answered; the answer is recorded. */
function stubApi() {
  let isAnswered = false;
  const answers: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/funds/consolidated')) {
        return envelopeResponse({ dailysalreqtype: true, divtypereq: false, contracthoursalreq: false, realtimesalreqtype: false });
      }
      if (url.includes('/wps/relay/MCS2_processDailySalContract')) {
        const body = JSON.parse(String(init?.body ?? '{}')) as { action: string };
        if (body.action !== 'list') {
          answers.push(body);
          isAnswered = true;
        }
        return envelopeResponse({
          type: 'DAILY_SALARY',
          active: null,
          pending: isAnswered ? [] : [offer],
          contracts: [offer],
          cascadedContractIds: [],
          bills: [],
        });
      }
      return envelopeResponse(null, { status: 404, code: 'NOT_FOUND', message: 'no' });
    }),
  );
  return answers;
}

beforeEach(() => {
  useSessionStore.getState().signIn({ token: 't', nickname: 'Lucky', account: 'lucky1', isAgent: false });
});
afterEach(() => {
  useSessionStore.getState().signOut();
  vi.unstubAllGlobals();
});

describe('member contract popup', () => {
  it('shows a pending offer with its tiers and accepts it through the relay', async () => {
    const answers = stubApi();
    renderWithProviders(<MemberContractPopup />);
    expect(await screen.findByText(/demoagent offers you a Daily salary contract/)).toBeTruthy();
    // One row of header and one tier (numbers are formatted in the store's language).
    expect(within(screen.getByTestId('contract-popup')).getAllByRole('row')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(answers).toEqual([{ action: 'accept', contractId: 41 }]));
    await waitFor(() => expect(screen.queryByTestId('contract-popup')).toBeNull());
  });

  it('rejects after a confirmation', async () => {
    const answers = stubApi();
    renderWithProviders(<MemberContractPopup />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reject this offer?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(answers).toEqual([{ action: 'reject', contractId: 41 }]));
  });
});
