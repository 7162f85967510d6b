import { randomUUID } from 'node:crypto';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { formatAmount } from '@kismat/contracts/wallet';
import { seedInputsFromHex } from '@kismat/game-math/fair/seed-inputs';
import { findSlotTitle } from '@kismat/game-math/slots/slot-titles';
import { spin } from '@kismat/game-math/slots/spin';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import type { TestClient, TestMerchant } from '../../test/factories';
import { useHouseGamesPlayers, verifySlotRoundByRoute } from '../../test/house-games-test-kit';
import { getMemberBalances } from '../wallet/get-member-balances';

describe('slots', () => {
  let t: TestApp;
  let site: TestMerchant;
  let client: TestClient;

  const player = useHouseGamesPlayers((fixture) => {
    ({ t, shop: site, client } = fixture);
  });
  const spinCall = (token: string, body: { titleId: string; betLevel: string; idempotencyKey: string }) =>
    client.call('POST', HOUSE_GAME_PATHS.spin, { token, body });

  it('debits the bet and credits exactly what game-math computes, and replays a retry', async () => {
    const { member, token } = await player({ funds: 1_000_000n });
    const fairness = (await client.call('GET', HOUSE_GAME_PATHS.fairness, { token })).json().value;
    expect(fairness.nextNonce).toBe(0);
    const title = findSlotTitle('bengal-tiger');
    if (!title) throw new Error('title');
    let expectedBalance = 1_000_000n;
    const rounds: { roundId: string; nonce: number; payout: bigint }[] = [];
    for (let index = 0; index < 12; index += 1) {
      const response = await spinCall(token, { titleId: title.id, betLevel: '2.00', idempotencyKey: randomUUID() });
      expect(response.statusCode, response.body).toBe(200);
      const value = response.json().value;
      expect(value.round.nonce).toBe(index);
      expect(value.round.commitment).toBe(fairness.commitment);
      expectedBalance += -200n + BigInt(value.round.totalPayout.replace('.', ''));
      expect(value.balance).toBe(formatAmount(expectedBalance));
      rounds.push({ roundId: value.round.roundId, nonce: index, payout: BigInt(value.round.totalPayout.replace('.', '')) });
    }
    const balances = await getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId: member.id });
    expect(balances.cash).toBe(expectedBalance);

    // Idempotent retry: same key, same answer, no money moves.
    const key = randomUUID();
    const first = (await spinCall(token, { titleId: title.id, betLevel: '1.00', idempotencyKey: key })).json().value;
    const again = (await spinCall(token, { titleId: title.id, betLevel: '1.00', idempotencyKey: key })).json().value;
    expect(again.isReplay).toBe(true);
    expect(again.round).toEqual(first.round);
    expect(again.balance).toBe(first.balance);
    const conflict = await spinCall(token, { titleId: title.id, betLevel: '2.00', idempotencyKey: key });
    expect(conflict.json().code).toBe('IDEMPOTENCY_CONFLICT');

    // Verify before rotation: the seed stays secret.
    const hidden = (
      await client.call('GET', HOUSE_GAME_PATHS.verifySlotRound.replace(':roundId', rounds[3]?.roundId ?? ''), { token })
    ).json().value;
    expect(hidden.serverSeed).toBeNull();

    // Rotation reveals the seed; every round recomputes to the recorded outcome.
    const rotated = (await client.call('POST', HOUSE_GAME_PATHS.rotateSeed, { token, body: {} })).json().value;
    expect(rotated.revealed.commitment).toBe(fairness.commitment);
    expect(rotated.revealed.nonceCount).toBe(13);
    expect(rotated.current.commitment).not.toBe(fairness.commitment);
    for (const round of rounds) {
      const verified = await verifySlotRoundByRoute(client, token, round.roundId);
      expect(verified.inputs.serverSeed).toBe(rotated.revealed.serverSeed);
      expect(verified.isCommitmentValid).toBe(true);
      expect(verified.spin.totalPayoutMinor).toBe(round.payout);
      const direct = spin(title, seedInputsFromHex(rotated.revealed.serverSeed, rotated.revealed.clientSeed, round.nonce), {
        totalBetMinor: 200n,
      });
      const detail = (await client.call('GET', HOUSE_GAME_PATHS.slotRound.replace(':roundId', round.roundId), { token })).json().value;
      expect(detail.base.reels).toEqual(direct.base.reels);
      expect(detail.freeSpins.length).toBe(direct.freeSpins.length);
    }

    // Setting the client seed keeps the server seed (slot-fairness.test.ts has the whole protocol).
    const chosen = (await client.call('POST', HOUSE_GAME_PATHS.setClientSeed, { token, body: { clientSeed: 'my lucky seed' } })).json()
      .value;
    expect(chosen.clientSeed).toBe('my lucky seed');
    expect(chosen.commitment).toBe(rotated.current.commitment);
    expect(chosen.nextNonce).toBe(0);
    const history = (await client.call('GET', `${HOUSE_GAME_PATHS.slotRounds}?pageSize=5`, { token })).json().value;
    expect(history.total).toBe(13);
    expect(history.list).toHaveLength(5);
  });

  it('refuses a spin without funds and leaves nothing behind', async () => {
    const { member, token } = await player({ funds: 100n });
    const response = await spinCall(token, { titleId: 'lucky-lotus', betLevel: '2.00', idempotencyKey: randomUUID() });
    expect(response.json().code).toBe('INSUFFICIENT_FUNDS');
    const state = (await client.call('GET', HOUSE_GAME_PATHS.fairness, { token })).json().value;
    expect(state.nextNonce).toBe(0);
    const balances = await getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId: member.id });
    expect(balances.cash).toBe(100n);
    const badLevel = await spinCall(token, { titleId: 'lucky-lotus', betLevel: '0.50', idempotencyKey: randomUUID() });
    expect(badLevel.json().code).toBe('SLOT_BET_INVALID');
  });

  it('lets a trial player spin with play money through the same path', async () => {
    const { member, token } = await player({ type: MEMBER_TYPE.TRIAL });
    const response = await spinCall(token, { titleId: 'golden-delta', betLevel: '1.00', idempotencyKey: randomUUID() });
    expect(response.statusCode, response.body).toBe(200);
    const value = response.json().value;
    expect(value.round.isTrial).toBe(true);
    const after = await getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId: member.id });
    expect(formatAmount(after.trial)).toBe(value.balance);
    expect(after.trial).toBeGreaterThan(0n);
    expect(after.cash).toBe(0n);
  });

  it('gives concurrent spins distinct nonces', async () => {
    const { token } = await player({ funds: 100_000n });
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => spinCall(token, { titleId: 'bengal-tiger', betLevel: '1.00', idempotencyKey: randomUUID() })),
    );
    const nonces = responses.map((response) => response.json().value.round.nonce as number).sort((a, b) => a - b);
    expect(nonces).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('answers retries racing their original with the one round, debited once', async () => {
    const { member, token } = await player({ funds: 100_000n });
    let expected = 100_000n;
    // The first race also creates the member's seed pair; the second runs on the existing pair.
    for (const [index, key] of [randomUUID(), randomUUID()].entries()) {
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => spinCall(token, { titleId: 'bengal-tiger', betLevel: '1.00', idempotencyKey: key })),
      );
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      const values = responses.map((response) => response.json().value);
      expect(values.filter((value) => !value.isReplay)).toHaveLength(1);
      expect(new Set(values.map((value) => value.round.roundId)).size).toBe(1);
      expect(values[0].round.nonce).toBe(index);
      expected += -100n + BigInt(values[0].round.totalPayout.replace('.', ''));
      const balances = await getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId: member.id });
      expect(balances.cash).toBe(expected);
    }
    const state = (await client.call('GET', HOUSE_GAME_PATHS.fairness, { token })).json().value;
    expect(state.nextNonce).toBe(2);
  });
});
