import { CASHIER_PATHS, type NotificationValue } from '@kismat/contracts/cashier';
import type { MemberInfo } from '@kismat/contracts/member';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { InboxPage } from './inbox-page';

function message(id: number, patch: Partial<NotificationValue> = {}): NotificationValue {
  return {
    id,
    kind: 'deposit_credited',
    amount: '500.00',
    referenceId: 100 + id,
    isRead: false,
    createdAt: '2026-11-26T10:00:00.000Z',
    ...patch,
  };
}

// A stand-in for the server's inbox (the real one is tested on Postgres in notifications.test.ts).
const fetchMock = vi.fn<typeof fetch>();
let items: NotificationValue[] = [];
const unreadOf = () => items.filter((item) => !item.isRead).length;

beforeEach(() => {
  items = [message(2), message(1, { kind: 'withdrawal_rejected', amount: '80.00', isRead: true })];
  useSessionStore.getState().setMember({ nickname: 'nick', isAgent: false, isTrial: false, unreadMessage: 1 } as MemberInfo);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://site.test').pathname;
    if (path === CASHIER_PATHS.notifications)
      return envelopeResponse({ items, unread: unreadOf(), total: items.length, pageNo: 1, pageSize: 20 });
    const opened = /^\/wps\/v2\/notifications\/(\d+)\/open$/.exec(path);
    if (init?.method === 'POST' && opened) {
      items = items.map((item) => (item.id === Number(opened[1]) ? { ...item, isRead: true } : item));
      return envelopeResponse({ notification: items.find((item) => item.id === Number(opened[1])), unread: unreadOf() });
    }
    const deleted = /^\/wps\/v2\/notifications\/(\d+)\/delete$/.exec(path);
    if (init?.method === 'POST' && deleted) {
      items = items.filter((item) => item.id !== Number(deleted[1]));
      return envelopeResponse({ deleted: 1, unread: unreadOf() });
    }
    return envelopeResponse(null, { status: 404, code: 'ROUTE_NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

describe('the inbox page (messageV2)', () => {
  it('marks unread messages, opens one (read at once, the badge drops) and deletes one after a confirm', async () => {
    renderWithProviders(<InboxPage />);
    const rows = await screen.findAllByTestId('inbox-row');
    expect(rows.map((row) => row.dataset.unread)).toEqual(['true', 'false']);
    expect(rows[0]?.textContent).toContain('500.00');
    expect(screen.getByTestId('inbox-unread').textContent).toMatch(/1/);

    fireEvent.click(within(rows[0] as HTMLElement).getAllByRole('button')[0] as HTMLElement);
    expect(await screen.findByTestId('inbox-detail')).toBeTruthy();
    await waitFor(() => expect(useSessionStore.getState().member?.unreadMessage).toBe(0));
    await waitFor(() => expect(screen.getAllByTestId('inbox-row').map((row) => row.dataset.unread)).toEqual(['false', 'false']));

    fireEvent.click(within(screen.getByTestId('inbox-detail')).getAllByRole('button')[0] as HTMLElement);
    const confirm = await screen.findByRole('alertdialog').catch(() => screen.findAllByRole('dialog').then((all) => all.at(-1)));
    const confirmButtons = within(confirm as HTMLElement).getAllByRole('button');
    fireEvent.click(confirmButtons.find((button) => /delete|মুছুন|futa/i.test(button.textContent ?? '')) as HTMLElement);
    await waitFor(() => expect(screen.getAllByTestId('inbox-row')).toHaveLength(1));
    const deletes = fetchMock.mock.calls.filter(([input]) => String(input).includes('/delete'));
    expect(deletes.map(([input]) => new URL(String(input), 'http://site.test').pathname)).toEqual(['/wps/v2/notifications/2/delete']);
  });

  it('shows the empty state when there are no messages', async () => {
    items = [];
    renderWithProviders(<InboxPage />);
    expect(await screen.findByText(i18next.t('inbox.empty'))).toBeTruthy();
    expect(screen.queryByTestId('inbox-row')).toBeNull();
  });

  it('shows an operator message: its own title, its HTML (no script), and an answer as plain text', async () => {
    items = [
      message(3, {
        kind: 'operator_message',
        amount: '0.00',
        title: 'Weekend offer',
        html: '<p>Play <b>now</b></p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
      }),
      message(4, { kind: 'feedback_answered', amount: '0.00', title: 'Deposit late', body: 'Done <script>x()</script>', isRead: true }),
    ];
    renderWithProviders(<InboxPage />);
    const rows = await screen.findAllByTestId('inbox-row');
    expect(rows[0]?.textContent).toContain('Weekend offer');
    fireEvent.click(within(rows[0] as HTMLElement).getAllByRole('button')[0] as HTMLElement);
    const html = await screen.findByTestId('inbox-html');
    expect(html.querySelector('b')?.textContent).toBe('now');
    expect(html.innerHTML).not.toMatch(/script|onerror/);
    fireEvent.click(within(screen.getByTestId('inbox-detail')).getAllByRole('button').at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('inbox-detail')).toBeNull());
    fireEvent.click(within(screen.getAllByTestId('inbox-row')[1] as HTMLElement).getAllByRole('button')[0] as HTMLElement);
    const answer = await screen.findByTestId('inbox-answer');
    expect(answer.textContent).toContain('Done <script>x()</script>');
    expect(answer.querySelector('script')).toBeNull();
  });
});
