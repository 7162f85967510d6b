import { apiClient } from './member-api';

/*
 * Promotions made every credited deposit add a 1x turnover requirement, and the demo runs a live
 * 70% first-deposit bonus (automatic, from ৳100) and a 10% daily reload (from ৳500). Specs that
 * check the cashier (deposit, withdraw, balances) set the demo player's bonus situation up the
 * way an operator would, so what they assert is the cashier's arithmetic, not a promotion's.
 */

const MERCHANT = 'KISMAT';
const DEMO_PLAYER = { username: 'demoplayer', password: 'Demo@2025' };

interface Requirement {
  id: number;
  username: string;
  source: string;
  sourceId: number;
  status: string;
}

interface MemberDeposit {
  id: number;
  status: string;
  amount: string;
}

async function activeRequirements(baseUrl: string, operatorToken: string, username: string): Promise<Requirement[]> {
  const { call } = apiClient(baseUrl);
  const page = await call<{ items: Requirement[] }>(
    'GET',
    `/admin-api/turnover-requirements?merchant=${MERCHANT}&status=ACTIVE&page=1&pageSize=100`,
    { token: operatorToken },
  );
  return page.items.filter((item) => item.username === username);
}

/** Polls (bounded) until `isReady` holds for the member's active requirements: the turnover engine trails the credit by up to ~2 s. */
async function waitForRequirements(
  baseUrl: string,
  operatorToken: string,
  username: string,
  isReady: (items: Requirement[]) => boolean,
): Promise<Requirement[]> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const items = await activeRequirements(baseUrl, operatorToken, username);
    if (isReady(items)) return items;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`turnover requirements of ${username} not ready after 30 s`);
}

/**
 * The operator waives the member's active turnover requirements (POST
 * /admin-api/turnover-requirements/:id/waive, audited): once the requirement of the member's
 * latest credited deposit exists, every active one is waived with `reason`. A real back-office
 * action, so the spec's withdrawal is about the cashier, not the deposit's 1x turnover.
 */
export async function waiveLatestDepositTurnover(
  baseUrl: string,
  operatorToken: string,
  member: { token: string; username: string },
  reason: string,
): Promise<void> {
  const { call } = apiClient(baseUrl);
  const deposits = await call<MemberDeposit[]>('GET', '/wps/v2/cashier/deposits', { token: member.token });
  const credited = deposits.filter((row) => row.status === 'approved').map((row) => row.id);
  const latest = Math.max(...credited);
  const items = await waitForRequirements(baseUrl, operatorToken, member.username, (rows) =>
    rows.some((row) => row.source === 'DEPOSIT' && row.sourceId === latest),
  );
  for (const item of items) {
    await call('POST', `/admin-api/turnover-requirements/${item.id}/waive?merchant=${MERCHANT}`, {
      token: operatorToken,
      body: { reason },
    });
  }
}

/**
 * Before any spec: the demo player makes their first deposit (the manual channel's minimum, at
 * least ৳100, approved by the operator), receives the 70% first-deposit bonus, and the operator waives both
 * requirements. Every spec then meets a demo player whose first-deposit bonus is used, whatever
 * order the specs run in: a deposit under ৳500 earns no bonus, only its own 1x turnover.
 */
export async function useDemoPlayerFirstDeposit(baseUrl: string, operatorToken: string): Promise<void> {
  const { call, login } = apiClient(baseUrl);
  const token = await login(DEMO_PLAYER.username, DEMO_PLAYER.password);
  const channels = await call<{ id: number; kind: string; minAmount: string }[]>('GET', '/wps/v2/cashier/deposit/channels', { token });
  // The manual channel with the smallest minimum; the amount is at least the bonus minimum (৳100).
  const [channel] = channels
    .filter((item) => item.kind.toLowerCase() !== 'gateway')
    .sort((left, right) => Number(left.minAmount) - Number(right.minAmount));
  if (!channel) throw new Error('no manual deposit channel for the demo player');
  const amount = Math.max(Number(channel.minAmount), 100).toFixed(2);
  const deposit = await call<{ id: number }>('POST', '/wps/v2/cashier/deposits', {
    token,
    body: { channelId: channel.id, amount, reference: `E2ESETUP${Date.now()}`, idempotencyKey: `e2e-setup-${Date.now()}` },
  });
  await call('POST', `/admin-api/cashier/deposits/${deposit.id}/approve`, {
    token: operatorToken,
    body: { note: 'e2e: the demo player first deposit' },
  });
  const items = await waitForRequirements(
    baseUrl,
    operatorToken,
    DEMO_PLAYER.username,
    (rows) => rows.some((row) => row.source === 'DEPOSIT' && row.sourceId === deposit.id) && rows.some((row) => row.source === 'PROMOTION'),
  );
  for (const item of items) {
    await call('POST', `/admin-api/turnover-requirements/${item.id}/waive?merchant=${MERCHANT}`, {
      token: operatorToken,
      body: { reason: 'e2e setup: the demo player first deposit bonus is used' },
    });
  }
}
