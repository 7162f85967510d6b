import { expect } from 'vitest';
import { operators } from '../db/schema/operators';
import { hashPassword } from '../modules/member/index';
import type { TestApp } from './build-test-app';
import { type TestClient, uniqueIp, uniqueSuffix } from './factories';

/** The password of every operator the admin-API tests create. */
export const OPERATOR_PASSWORD = 'Op3rator!pass';

/** A contract path template (`/x/:id/y`) with its `:name` parameters filled in. */
export const fillPath = (template: string, params: Record<string, string | number>) =>
  Object.entries(params).reduce((url, [key, value]) => url.replace(`:${key}`, String(value)), template);

/**
 * A new operator of `role` (of one merchant, or of all when `merchantId` is null), logged in
 * through the real /admin-api/session call from a fresh IP: its bearer token.
 */
export async function operatorToken(
  t: TestApp,
  client: TestClient,
  role: 'admin' | 'finance' | 'support',
  merchantId: number | null = null,
): Promise<string> {
  const username = `op${uniqueSuffix(8)}`;
  await t.app.db.insert(operators).values({ username, passwordHash: await hashPassword(OPERATOR_PASSWORD), role, merchantId });
  const response = await client.call('POST', '/admin-api/session', { body: { username, password: OPERATOR_PASSWORD }, ip: uniqueIp() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value.token as string;
}
