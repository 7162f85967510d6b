import { randomUUID } from 'node:crypto';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { SESSION_PATHS } from '@kismat/contracts/session';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members, sessions } from '../../db/schema/accounts';
import { fairnessSeeds, slotRounds } from '../../db/schema/house-games';
import { hashToken } from '../../platform/auth';
import type { TestApp } from '../../test/build-test-app';
import { statementNamesDuring } from '../../test/driver-queries';
import { createMerchant, TestClient, type TestMerchant, useRealClock } from '../../test/factories';
import { useHouseGamesPlayers, useSecondNode } from '../../test/house-games-test-kit';
import { getMemberBalances } from '../wallet/get-member-balances';

/*
 * The spin's session read folded into its lock statement (platform/deferred-session.ts, issue 16
 * item 1): once a node has verified a token, a spin sends no session read of its own, and its
 * lock statement checks the session with the same errors in the same order; a refused spin
 * writes nothing. A spin the node remembers (spin-slot-fast.ts) checks it in its one statement
 * (deferred-session holdsSql) and, when it does not hold, spins the usual way, which refuses.
 */
describe('slot spin: the session checked in the lock statement', () => {
  let t: TestApp;
  let site: TestMerchant;
  let client: TestClient;

  const player = useHouseGamesPlayers((fixture) => {
    ({ t, shop: site, client } = fixture);
  });
  // Another node of the cluster on the same database: its own process memory.
  const node2 = useSecondNode(() => ({ t, host: site.host }));

  const body = (overrides: Record<string, unknown> = {}) => ({
    titleId: 'bengal-tiger',
    betLevel: '1.00',
    idempotencyKey: randomUUID(),
    ...overrides,
  });
  const spinCall = (token: string, spinBody: Record<string, unknown> = body(), on: TestClient = client) =>
    on.call('POST', HOUSE_GAME_PATHS.spin, { token, body: spinBody });

  /** What a spin writes: the member's rounds, cash and next nonce. */
  async function written(memberId: number) {
    const db = t.app.db;
    const [rounds] = await db.select({ count: sql<number>`count(*)::int` }).from(slotRounds).where(eq(slotRounds.memberId, memberId));
    const [seed] = await db
      .select({ nextNonce: fairnessSeeds.nextNonce })
      .from(fairnessSeeds)
      .where(and(eq(fairnessSeeds.memberId, memberId), eq(fairnessSeeds.family, 'SLOTS'), eq(fairnessSeeds.status, 'ACTIVE')));
    const balances = await getMemberBalances(db, { merchantId: site.merchant.id, memberId });
    return { rounds: rounds?.count ?? 0, nextNonce: seed?.nextNonce ?? null, cash: balances.cash };
  }

  const setSession = (token: string, values: Partial<typeof sessions.$inferInsert>) =>
    t.app.db
      .update(sessions)
      .set(values)
      .where(eq(sessions.tokenHash, hashToken(token)));

  const statementsOf = (run: () => Promise<unknown>) => statementNamesDuring(t.database, run);

  it('sends no session read once the node verified the token: the spin is its one statement', async () => {
    t.setNow(new Date());
    try {
      const { token } = await player({ funds: 100_000n });
      expect((await spinCall(token)).statusCode).toBe(200);
      let answer: Awaited<ReturnType<typeof spinCall>> | undefined;
      const sent = await statementsOf(async () => {
        answer = await spinCall(token);
      });
      expect(answer?.statusCode, answer?.body).toBe(200);
      // The one statement of a spin the node remembers (spin-slot-fast.ts); the site directory may refresh its cache meanwhile.
      if (sent) expect(sent.filter((text) => !text.includes('"merchants"'))).toEqual(['slot_spin_one']);
    } finally {
      useRealClock(t);
    }
  });

  it('refuses a revoked session (logout here, or on another node) with nothing written, a replay included', async () => {
    const { member, token } = await player({ funds: 100_000n });
    const key = randomUUID();
    const first = await spinCall(token, body({ idempotencyKey: key }));
    expect(first.statusCode).toBe(200);
    expect((await spinCall(token, body({ idempotencyKey: key }))).json().value.isReplay).toBe(true);
    // Both nodes have verified the token; the logout goes through the other one.
    expect((await spinCall(token, body(), node2())).statusCode).toBe(200);
    expect((await spinCall(token)).statusCode).toBe(200);
    const before = await written(member.id);
    expect((await node2().call('DELETE', SESSION_PATHS.logout, { token })).statusCode).toBe(200);

    for (const refused of [body(), body({ idempotencyKey: key })]) {
      const response = await spinCall(token, refused);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('SESSION_EXPIRED');
    }
    expect(await written(member.id)).toEqual(before);
  });

  it('refuses an idle-expired session, and a spin slides the idle expiry as any call does', async () => {
    const start = new Date();
    t.setNow(start);
    try {
      const { member, token } = await player({ funds: 100_000n });
      const at = (minutes: number) => t.setNow(new Date(start.getTime() + minutes * 60_000));
      expect((await spinCall(token)).statusCode).toBe(200);
      at(29);
      expect((await spinCall(token)).statusCode).toBe(200);
      const [touched] = await t.app.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)));
      expect(touched?.lastSeenAt.getTime()).toBe(start.getTime() + 29 * 60_000);
      at(58);
      expect((await spinCall(token)).statusCode).toBe(200);
      const before = await written(member.id);
      at(58 + 31);
      const expired = await spinCall(token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe('SESSION_EXPIRED');
      expect(await written(member.id)).toEqual(before);
    } finally {
      useRealClock(t);
    }
  });

  it('refuses a frozen account and a session waiting for a password change, with nothing written', async () => {
    const frozen = await player({ funds: 100_000n });
    expect((await spinCall(frozen.token)).statusCode).toBe(200);
    const frozenBefore = await written(frozen.member.id);
    await t.app.db.update(members).set({ status: 'FROZEN' }).where(eq(members.id, frozen.member.id));
    const disabled = await spinCall(frozen.token);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().code).toBe('ACCOUNT_DISABLED');
    expect(await written(frozen.member.id)).toEqual(frozenBefore);

    const pending = await player({ funds: 100_000n });
    expect((await spinCall(pending.token)).statusCode).toBe(200);
    const pendingBefore = await written(pending.member.id);
    await setSession(pending.token, { requiresPasswordChange: true });
    const refused = await spinCall(pending.token);
    expect(refused.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect(await written(pending.member.id)).toEqual(pendingBefore);
  });

  it('keeps the order of errors: a refused session answers before a refused body, title or bet', async () => {
    const { token } = await player({ funds: 50_000n });
    expect((await spinCall(token)).statusCode).toBe(200);
    // The token asked on another site is unknown there (the first check of the session read).
    const elsewhere = await createMerchant(t.app.db);
    const stranger = await spinCall(token, body(), new TestClient(t.app, elsewhere.host));
    expect(stranger.json().code).toBe('AUTH_REQUIRED');
    // With a valid session each of these is refused on its own account.
    const cases = [
      { spinBody: body({ idempotencyKey: undefined }), code: 'VALIDATION_FAILED' },
      { spinBody: body({ titleId: 'no-such-title' }), code: 'GAME_UNAVAILABLE' },
      { spinBody: body({ betLevel: '0.50' }), code: 'SLOT_BET_INVALID' },
      { spinBody: body({ betLevel: '1000.00' }), code: 'INSUFFICIENT_FUNDS' },
    ];
    for (const { spinBody, code } of cases) expect((await spinCall(token, spinBody)).json().code).toBe(code);
    // Still verified (a refused spin is not a refused session), then revoked.
    expect((await spinCall(token)).statusCode).toBe(200);
    await setSession(token, { revokedAt: new Date() });
    for (const { spinBody } of cases) {
      const response = await spinCall(token, spinBody);
      expect(response.json().code).toBe('SESSION_EXPIRED');
    }
  });

  it('reads the session again when the member changed type, and spins', async () => {
    const { member, token } = await player({ funds: 100_000n });
    expect((await spinCall(token)).statusCode).toBe(200);
    await t.app.db.update(members).set({ type: MEMBER_TYPE.AGENT_1 }).where(eq(members.id, member.id));
    let answer: Awaited<ReturnType<typeof spinCall>> | undefined;
    const sent = await statementsOf(async () => {
      answer = await spinCall(token);
    });
    expect(answer?.statusCode, answer?.body).toBe(200);
    if (sent) expect(sent).toContain('session_read');
    expect((await written(member.id)).rounds).toBe(2);
  });

  it('gives concurrent spins of one token on two nodes distinct nonces, and a racing logout all or nothing', async () => {
    const { member, token } = await player({ funds: 1_000_000n });
    expect((await spinCall(token)).statusCode).toBe(200);
    expect((await spinCall(token, body(), node2())).statusCode).toBe(200);
    const together = await Promise.all(Array.from({ length: 8 }, (_, index) => spinCall(token, body(), index % 2 ? node2() : client)));
    for (const response of together) expect(response.statusCode, response.body).toBe(200);
    const nonces = together.map((response) => response.json().value.round.nonce as number).sort((a, b) => a - b);
    expect(nonces).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);

    const before = await written(member.id);
    const racing = Promise.all(Array.from({ length: 8 }, (_, index) => spinCall(token, body(), index % 2 ? node2() : client)));
    const logout = client.call('DELETE', SESSION_PATHS.logout, { token });
    const [answers, loggedOut] = await Promise.all([racing, logout]);
    expect(loggedOut.statusCode).toBe(200);
    const played = answers.filter((response) => response.statusCode === 200).map((response) => response.json().value);
    for (const response of answers) if (response.statusCode !== 200) expect(response.json().code).toBe('SESSION_EXPIRED');
    // Exactly the answered spins were written, each once, with consecutive nonces.
    const after = await written(member.id);
    expect(after.rounds).toBe(before.rounds + played.length);
    expect(after.nextNonce).toBe((before.nextNonce ?? 0) + played.length);
    const moved = played.reduce((sum, value) => sum - 100n + BigInt(value.round.totalPayout.replace('.', '')), 0n);
    expect(after.cash).toBe(before.cash + moved);
    expect((await spinCall(token)).json().code).toBe('SESSION_EXPIRED');
  });
});
