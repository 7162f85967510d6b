import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { AgentCentre } from './agent-centre';

const home = {
  memberId: 7,
  username: 'demoagent',
  nickname: 'Demo Agent',
  type: 1,
  affiliateCode: 'DEMO',
  utcOffsetMinutes: 360,
  serverTime: new Date().toISOString(),
  menu: { dividend: false, dailySalary: true, hourSalary: false, realtimeSalary: false },
  creatableTypes: [0, 1],
  cashBalance: '0.00',
  earningsBalance: '0.00',
};

function stubApi(consolidated: Record<string, boolean>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/wps/agent/home')) return envelopeResponse(home);
    if (url.includes('/funds/consolidated')) return envelopeResponse(consolidated);
    return envelopeResponse(null, { status: 404, code: 'NOT_FOUND', message: 'no' });
  });
  vi.stubGlobal('fetch', fetchMock);
}

afterEach(() => vi.unstubAllGlobals());

function renderCentre() {
  return renderWithProviders(
    <AgentCentre onLogout={() => {}} isLoggingOut={false} languageSelect={null} personalHistory={null} customerService={[]} />,
    {
      route: '/agentHome?page=agentAnnouncement',
    },
  );
}

describe('agent centre menu', () => {
  it('shows the always-shown pages plus the contract pages of the flags', async () => {
    stubApi({ dailysalreqtype: false, divtypereq: true, contracthoursalreq: false, realtimesalreqtype: false });
    renderCentre();
    const menu = screen.getByRole('navigation', { name: 'Agent centre menu' });
    // Dividend from the consolidated flags, daily salary from the agent home's menu.
    expect(await within(menu).findByRole('link', { name: 'Daily salary' })).toBeTruthy();
    expect(await within(menu).findByRole('link', { name: 'Dividend contract' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Hourly salary' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Real-time salary' })).toBeNull();
    for (const name of [
      'Announcements',
      'Team overview',
      'Register centre',
      'Downline management',
      'Deposit',
      'Withdraw',
      'Customer service',
    ]) {
      expect(within(menu).getByRole('link', { name })).toBeTruthy();
    }
    expect(await screen.findByText('GMT+06:00')).toBeTruthy();
    expect(await screen.findByText('Demo Agent')).toBeTruthy();
  });

  it('asks before logging out', async () => {
    stubApi({ dailysalreqtype: false, divtypereq: false, contracthoursalreq: false, realtimesalreqtype: false });
    const onLogout = vi.fn();
    renderWithProviders(
      <AgentCentre onLogout={onLogout} isLoggingOut={false} languageSelect={null} personalHistory={null} customerService={[]} />,
      {
        route: '/agentHome?page=agentAnnouncement',
      },
    );
    screen.getByRole('button', { name: 'Log out' }).click();
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    expect(onLogout).not.toHaveBeenCalled();
    within(dialog).getByRole('button', { name: 'Log out' }).click();
    expect(onLogout).toHaveBeenCalledOnce();
  });
});
