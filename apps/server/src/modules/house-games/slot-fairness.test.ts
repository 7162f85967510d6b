import { createHash, randomUUID } from 'node:crypto';
import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fairnessSeeds } from '../../db/schema/house-games';
import type { TestApp } from '../../test/build-test-app';
import { createMember, type TestClient, type TestMerchant } from '../../test/factories';
import { fundMember, useHouseGamesShop, verifySlotRoundByRoute } from '../../test/house-games-test-kit';
import { createServerSeed } from './fairness-seeds';
import { sealPlainSeeds } from './seal-plain-seeds';
import { openServerSeed } from './seed-vault';

const sha256Hex = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

/**
 * Issue 11, finding 10: setting a client seed made the server generate the new server seed after
 * the player's seed was known, and default client seeds came from the server, so nothing showed
 * that the operator had not picked a seed against the player's. Now the next server seed is
 * committed in advance and kept when the client seed changes; seeds in play are sealed at rest.
 */
describe('slot fairness: the next seed committed in advance, seeds sealed', () => {
  let t: TestApp;
  let site: TestMerchant;
  let client: TestClient;

  useHouseGamesShop((fixture) => {
    ({ t, shop: site, client } = fixture);
  });

  async function player() {
    const { member, password } = await createMember(t.app.db, site.merchant.id);
    await fundMember(t.app.db, site.merchant, member.id, 1_000_000n);
    return { member, token: await client.login(member.username, password ?? '') };
  }
  const spin = async (token: string) => {
    const response = await client.call('POST', HOUSE_GAME_PATHS.spin, {
      token,
      body: { titleId: 'bengal-tiger', betLevel: '1.00', idempotencyKey: randomUUID() },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value.round as { roundId: string; commitment: string; clientSeed: string; nonce: number; totalPayout: string };
  };
  const state = async (token: string) => (await client.call('GET', HOUSE_GAME_PATHS.fairness, { token })).json().value;

  it('changing the client seed keeps the server seed; rotation activates the seed committed before, with the new client seed', async () => {
    const { token } = await player();
    const first = await state(token);
    expect(first).toMatchObject({ nextNonce: 0, isClientSeedChosen: false });
    expect(first.nextCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(first.nextCommitment).not.toBe(first.commitment);

    // The web's first move: a client seed of its own. The server seeds (both shown before) stay.
    const chosen = await client.call('POST', HOUSE_GAME_PATHS.setClientSeed, { token, body: { clientSeed: 'browser seed 1' } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().value).toEqual({ ...first, clientSeed: 'browser seed 1', isClientSeedChosen: true });
    const played = [await spin(token), await spin(token)];
    await client.call('POST', HOUSE_GAME_PATHS.setClientSeed, { token, body: { clientSeed: 'browser seed 2' } });
    played.push(await spin(token));
    expect(played.map((round) => [round.commitment, round.clientSeed, round.nonce])).toEqual([
      [first.commitment, 'browser seed 1', 0],
      [first.commitment, 'browser seed 1', 1],
      [first.commitment, 'browser seed 2', 2],
    ]);
    expect((await state(token)).nextCommitment).toBe(first.nextCommitment);

    // Rotation reveals the active seed and activates exactly the one whose hash was shown as next.
    const rotated = await client.call('POST', HOUSE_GAME_PATHS.rotateSeed, { token, body: { clientSeed: 'browser seed 3' } });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { revealed, current } = rotated.json().value;
    expect(revealed).toMatchObject({ commitment: first.commitment, nonceCount: 3, clientSeed: 'browser seed 2' });
    expect(sha256Hex(revealed.serverSeed)).toBe(first.commitment);
    expect(current).toMatchObject({
      commitment: first.nextCommitment,
      clientSeed: 'browser seed 3',
      isClientSeedChosen: true,
      nextNonce: 0,
    });
    expect(current.nextCommitment).not.toBe(first.nextCommitment);
    expect((await spin(token)).commitment).toBe(first.nextCommitment);

    // Every round of the revealed seed recomputes with the client seed it was played with.
    for (const round of played) {
      const verified = await verifySlotRoundByRoute(client, token, round.roundId);
      expect(verified.inputs).toMatchObject({ serverSeed: revealed.serverSeed, clientSeed: round.clientSeed, nonce: round.nonce });
      expect(verified.isCommitmentValid).toBe(true);
      expect(BigInt(round.totalPayout.replace('.', ''))).toBe(verified.spin.totalPayoutMinor);
    }
  });

  it('keeps the active and next seeds sealed in the database; only a revealed seed is in clear', async () => {
    const { member, token } = await player();
    await spin(token);
    const rows = await t.app.db.select().from(fairnessSeeds).where(eq(fairnessSeeds.memberId, member.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['ACTIVE', 'NEXT']);
    for (const row of rows) {
      expect(row.serverSeedHex).toBeNull();
      const seed = openServerSeed(row.serverSeedSealed ?? '', row.commitment);
      expect(sha256Hex(seed)).toBe(row.commitment);
      expect(row.serverSeedSealed).not.toContain(seed);
      // Sealed for its own commitment: copied onto another row it does not open.
      const other = rows.find((candidate) => candidate.id !== row.id);
      expect(() => openServerSeed(row.serverSeedSealed ?? '', other?.commitment ?? '')).toThrow();
    }
    await client.call('POST', HOUSE_GAME_PATHS.rotateSeed, { token, body: {} });
    const [revealed] = await t.app.db
      .select()
      .from(fairnessSeeds)
      .where(and(eq(fairnessSeeds.memberId, member.id), eq(fairnessSeeds.status, 'REVEALED')));
    expect(revealed?.serverSeedSealed).toBeNull();
    expect(sha256Hex(revealed?.serverSeedHex ?? '')).toBe(revealed?.commitment);
  });

  it('seals a seed pair stored in clear before, commits its next seed, and plays on with the same committed seed', async () => {
    const { member, token } = await player();
    const legacy = createServerSeed();
    await t.app.db.insert(fairnessSeeds).values({
      memberId: member.id,
      family: 'SLOTS',
      serverSeedHex: legacy.serverSeedHex,
      commitment: legacy.commitment,
      clientSeed: 'old default',
      nextNonce: 4,
      status: 'ACTIVE',
      createdAt: new Date(),
    });
    const sealed = await sealPlainSeeds(t.app.db, new Date());
    expect(sealed.seeds).toBeGreaterThanOrEqual(1);
    const rows = await t.app.db.select().from(fairnessSeeds).where(eq(fairnessSeeds.memberId, member.id));
    const active = rows.find((row) => row.status === 'ACTIVE');
    expect(active?.serverSeedHex).toBeNull();
    expect(openServerSeed(active?.serverSeedSealed ?? '', legacy.commitment)).toBe(legacy.serverSeedHex);
    expect(rows.filter((row) => row.status === 'NEXT')).toHaveLength(1);
    const round = await spin(token);
    expect(round).toMatchObject({ commitment: legacy.commitment, clientSeed: 'old default', nonce: 4 });
    const { revealed } = (await client.call('POST', HOUSE_GAME_PATHS.rotateSeed, { token, body: {} })).json().value;
    expect(revealed.serverSeed).toBe(legacy.serverSeedHex);
  });
});
