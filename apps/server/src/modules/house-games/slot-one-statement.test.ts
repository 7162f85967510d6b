import { randomUUID } from 'node:crypto';
import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { RG_PATHS } from '@kismat/contracts/responsible-gambling';
import { formatAmount } from '@kismat/contracts/wallet';
import { seedInputsFromHex } from '@kismat/game-math/fair/seed-inputs';
import { findSlotTitle } from '@kismat/game-math/slots/slot-titles';
import { spin } from '@kismat/game-math/slots/spin';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gameRounds } from '../../db/schema/games';
import { fairnessSeeds, slotRounds } from '../../db/schema/house-games';
import type { MemberRow } from '../../platform/auth';
import { isStaleAssumption } from '../../platform/stale-assumption';
import type { TestApp } from '../../test/build-test-app';
import { statementNamesDuring } from '../../test/driver-queries';
import type { TestClient, TestMerchant } from '../../test/factories';
import { useHouseGamesPlayers, useSecondNode, verifySlotRoundByRoute } from '../../test/house-games-test-kit';
import { capBetsAt } from '../../test/promotions-test-kit';
import { getMemberBalances } from '../wallet/get-member-balances';
import { AccountShapeCache } from '../wallet/index';
import { findHouseGame } from './record-house-game-rounds';
import { resolvePlayAccounts } from './resolve-play-accounts';
import { serverSeedOf } from './seed-vault';
import { type KnownSpinState, spinInOneStatement } from './spin-slot-fast';

/*
 * The steady-state spin in one autocommit statement (spin-slot-fast.ts, issue 16 item 1): the
 * outcome from the seed state this process remembers, written only when the statement finds it
 * under its locks. The statement itself must write NOTHING on any stale assumption (called
 * directly below: each case must end with KS409 and leave rounds, nonce, cash, entries and game
 * rounds as they were); through the route, every such case falls back to the two-statement
 * transaction and answers exactly as before (nonce order across two nodes, rotation, client seed,
 * replay, limits, max bet).
 */
describe('slot spin: one statement on what the node remembers', () => {
  let t: TestApp;
  let site: TestMerchant;
  let client: TestClient;
  const title = findSlotTitle('bengal-tiger')!;
  const [lowBet = 100n, highBet = 200n] = title.betLevelsMinor;

  const player = useHouseGamesPlayers((fixture) => {
    ({ t, shop: site, client } = fixture);
  });
  // Another node of the cluster on the same database: its own process memory.
  const node2 = useSecondNode(() => ({ t, host: site.host }));

  const spinCall = (token: string, options: { on?: TestClient; key?: string; bet?: bigint } = {}) =>
    (options.on ?? client).call('POST', HOUSE_GAME_PATHS.spin, {
      token,
      body: { titleId: title.id, betLevel: formatAmount(options.bet ?? lowBet), idempotencyKey: options.key ?? randomUUID() },
    });

  /** Everything a spin writes for the member: rounds, the ACTIVE seed's next nonce, cash, the cash account's entries, game rounds. */
  async function written(memberId: number) {
    const db = t.app.db;
    const [rounds] = await db.select({ count: sql<number>`count(*)::int` }).from(slotRounds).where(eq(slotRounds.memberId, memberId));
    const [games] = await db.select({ count: sql<number>`count(*)::int` }).from(gameRounds).where(eq(gameRounds.memberId, memberId));
    const [seed] = await db
      .select({ nextNonce: fairnessSeeds.nextNonce })
      .from(fairnessSeeds)
      .where(and(eq(fairnessSeeds.memberId, memberId), eq(fairnessSeeds.family, 'SLOTS'), eq(fairnessSeeds.status, 'ACTIVE')));
    const [entries] = (
      (await db.execute(sql`
        SELECT count(*)::int AS count FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
         WHERE a.owner_member_id = ${memberId}`)) as unknown as { rows: { count: number }[] }
    ).rows;
    const balances = await getMemberBalances(db, { merchantId: site.merchant.id, memberId });
    return { rounds: rounds?.count, games: games?.count, nextNonce: seed?.nextNonce, entries: entries?.count, cash: balances.cash };
  }

  /** What the route's spin would remember after the member's last spin: read from the database. */
  async function rememberedNow(member: MemberRow): Promise<KnownSpinState> {
    const db = t.app.db;
    const accounts = await resolvePlayAccounts(db, site.merchant, member);
    const [seed] = await db
      .select()
      .from(fairnessSeeds)
      .where(and(eq(fairnessSeeds.memberId, member.id), eq(fairnessSeeds.family, 'SLOTS'), eq(fairnessSeeds.status, 'ACTIVE')));
    if (!seed) throw new Error('no seed');
    const [next] = (
      (await db.execute(sql`SELECT nextval(pg_get_serial_sequence('slot_rounds', 'id'))::int AS id`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    return {
      merchantId: site.merchant.id,
      memberAccountId: accounts.memberAccountId,
      seed: {
        id: seed.id,
        nonce: seed.nextNonce,
        clientSeed: seed.clientSeed,
        commitment: seed.commitment,
        serverSeedHex: serverSeedOf(seed),
      },
      nextRoundId: next!.id,
    };
  }

  async function spinDirect(member: MemberRow, known: KnownSpinState, options: { key?: string; bet?: bigint } = {}) {
    const db = t.app.db;
    return spinInOneStatement(
      db,
      {
        merchantId: site.merchant.id,
        memberId: member.id,
        accounts: await resolvePlayAccounts(db, site.merchant, member),
        titleId: title.id,
        totalBetMinor: options.bet ?? lowBet,
        idempotencyKey: options.key ?? randomUUID(),
        now: new Date(),
      },
      title,
      await findHouseGame(db, title.id),
      new AccountShapeCache(),
      known,
    );
  }

  /** The statement ends with KS409 and the member's rows are as they were. */
  async function refusedStale(member: MemberRow, run: () => Promise<unknown>) {
    const before = await written(member.id);
    const error = await run().then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error, 'the one statement wrote on a stale assumption').not.toBeNull();
    expect(isStaleAssumption(error), String(error)).toBe(true);
    expect(await written(member.id)).toEqual(before);
  }

  it('sends one statement for a steady-state spin, and its round recomputes from the published inputs', async () => {
    const { token } = await player({ funds: 100_000n });
    expect((await spinCall(token)).statusCode).toBe(200);
    let answer: Awaited<ReturnType<typeof spinCall>> | undefined;
    const sent = await statementNamesDuring(t.database, async () => {
      answer = await spinCall(token);
    });
    // The site directory may refresh its cache meanwhile (not the spin's); null on PGlite.
    if (sent) expect(sent.filter((text) => !text.includes('"merchants"'))).toEqual(['slot_spin_one']);
    expect(answer?.statusCode, answer?.body).toBe(200);
    const { round } = answer!.json().value;
    expect(round.nonce).toBe(1);
    // Revealed by a rotation, the seed recomputes the round.
    expect((await client.call('POST', HOUSE_GAME_PATHS.rotateSeed, { token, body: {} })).statusCode).toBe(200);
    const verified = await verifySlotRoundByRoute(client, token, round.roundId);
    expect(verified.spin.totalPayoutMinor).toBe(BigInt(round.totalPayout.replace('.', '')));
  });

  it('writes nothing when what it assumed does not hold: nonce, client seed, rotated seed, key, limits, max bet, funds', async () => {
    const { member, token } = await player({ funds: 10_000n });
    expect((await spinCall(token)).statusCode).toBe(200);
    const known = await rememberedNow(member);
    // Another node spun since: the remembered nonce is behind (and ahead).
    await refusedStale(member, () => spinDirect(member, { ...known, seed: { ...known.seed, nonce: known.seed.nonce - 1 } }));
    await refusedStale(member, () => spinDirect(member, { ...known, seed: { ...known.seed, nonce: known.seed.nonce + 1 } }));
    // A client seed set since.
    await refusedStale(member, () => spinDirect(member, { ...known, seed: { ...known.seed, clientSeed: 'not the stored one' } }));
    // A replayed key.
    const key = randomUUID();
    expect((await spinCall(token, { key })).statusCode).toBe(200);
    const fresh = await rememberedNow(member);
    await refusedStale(member, () => spinDirect(member, fresh, { key }));
    // More than the member has (the ledger's guard).
    await refusedStale(member, () => spinDirect(member, fresh, { bet: title.betLevelsMinor.at(-1)! }));
    // A promotion max bet below the bet.
    await capBetsAt(t.app.db, { merchantId: site.merchant.id, memberId: member.id, maxBet: lowBet });
    await refusedStale(member, () => spinDirect(member, fresh, { bet: highBet }));
    // The state as it is, within the max bet: written, at the remembered nonce.
    const { result, next } = await spinDirect(member, fresh);
    expect(result.round.nonce).toBe(fresh.seed.nonce);
    expect(next.seed.nonce).toBe(fresh.seed.nonce + 1);
    const expected = spin(title, seedInputsFromHex(fresh.seed.serverSeedHex, fresh.seed.clientSeed ?? '', fresh.seed.nonce), {
      totalBetMinor: lowBet,
    });
    expect(result.round.totalPayout).toBe(formatAmount(expected.totalPayoutMinor));
    // A limit set: rg_state has a row (responsible gambling would count the spin).
    expect(
      (await client.call('POST', RG_PATHS.limits, { token, body: { kind: 'WAGER', period: 'DAY', value: '500.00' } })).statusCode,
    ).toBe(200);
    await refusedStale(member, () => spinDirect(member, next));
    // A rotated seed: the remembered one is REVEALED.
    const rotated = await rememberedNow(member);
    expect((await client.call('POST', HOUSE_GAME_PATHS.rotateSeed, { token, body: {} })).statusCode).toBe(200);
    await refusedStale(member, () => spinDirect(member, rotated));
  });

  it('keeps one nonce order for a member spinning on two nodes, one after another and at once', async () => {
    const { member, token } = await player({ funds: 1_000_000n });
    const nodes = [client, client, node2(), client, node2(), node2(), client];
    const played: { roundId: string; nonce: number }[] = [];
    for (const on of nodes) {
      const answer = await spinCall(token, { on });
      expect(answer.statusCode, answer.body).toBe(200);
      played.push(answer.json().value.round);
    }
    const together = await Promise.all(Array.from({ length: 8 }, (_, index) => spinCall(token, { on: index % 2 ? node2() : client })));
    for (const answer of together) expect(answer.statusCode, answer.body).toBe(200);
    played.push(...together.map((answer) => answer.json().value.round));
    expect(played.map((round) => round.nonce).sort((a, b) => a - b)).toEqual(played.map((_, index) => index));
    // Newer rounds list first: ids follow the nonce order.
    const byId = [...played].sort((a, b) => Number(a.roundId) - Number(b.roundId)).map((round) => round.nonce);
    expect(byId).toEqual(played.map((_, index) => index));
    const after = await written(member.id);
    expect(after.rounds).toBe(played.length);
    expect(after.nextNonce).toBe(played.length);
    expect((await client.call('POST', HOUSE_GAME_PATHS.rotateSeed, { token, body: {} })).statusCode).toBe(200);
    for (const round of played.slice(0, 8)) await verifySlotRoundByRoute(client, token, round.roundId);
  });

  it('plays the new seed after a rotation and the new client seed after a change, on the node that remembered the old', async () => {
    const { token } = await player({ funds: 100_000n });
    for (let index = 0; index < 2; index += 1) expect((await spinCall(token)).statusCode).toBe(200);
    const chosen = await client.call('POST', HOUSE_GAME_PATHS.setClientSeed, { token, body: { clientSeed: 'changed between spins' } });
    expect(chosen.statusCode).toBe(200);
    const afterChange = (await spinCall(token)).json().value.round;
    expect(afterChange).toMatchObject({ clientSeed: 'changed between spins', nonce: 2 });
    const rotated = await node2().call('POST', HOUSE_GAME_PATHS.rotateSeed, { token, body: { clientSeed: 'after rotation' } });
    expect(rotated.statusCode).toBe(200);
    const afterRotation = (await spinCall(token)).json().value.round;
    expect(afterRotation).toMatchObject({ clientSeed: 'after rotation', nonce: 0 });
    expect(afterRotation.commitment).not.toBe(afterChange.commitment);
    expect((await verifySlotRoundByRoute(client, token, afterChange.roundId)).inputs.clientSeed).toBe('changed between spins');
    expect((await client.call('POST', HOUSE_GAME_PATHS.rotateSeed, { token, body: {} })).statusCode).toBe(200);
    const verified = await verifySlotRoundByRoute(client, token, afterRotation.roundId);
    expect(verified.isCommitmentValid).toBe(true);
    expect(verified.inputs.clientSeed).toBe('after rotation');
  });

  it('answers a replayed key with its round, debited once, on either node', async () => {
    const { member, token } = await player({ funds: 100_000n });
    expect((await spinCall(token)).statusCode).toBe(200);
    const key = randomUUID();
    const first = (await spinCall(token, { key })).json().value;
    const before = await written(member.id);
    for (const on of [client, node2(), client]) {
      const again = (await spinCall(token, { key, on })).json().value;
      expect(again).toMatchObject({ isReplay: true, round: { roundId: first.round.roundId, nonce: first.round.nonce } });
    }
    expect(await written(member.id)).toEqual(before);
    // And the next spin goes on from the nonce after.
    expect((await spinCall(token)).json().value.round.nonce).toBe(first.round.nonce + 1);
  });

  it('counts and refuses by a responsible-gambling limit set between spins, and refuses above a max bet set between spins', async () => {
    const { member, token } = await player({ funds: 100_000n });
    for (let index = 0; index < 2; index += 1) expect((await spinCall(token)).statusCode).toBe(200);
    const limit = formatAmount(lowBet);
    expect((await client.call('POST', RG_PATHS.limits, { token, body: { kind: 'WAGER', period: 'DAY', value: limit } })).statusCode).toBe(
      200,
    );
    expect((await spinCall(token)).statusCode).toBe(200);
    const before = await written(member.id);
    const refused = await spinCall(token);
    expect(refused.json().code).toBe('RG_LIMIT_REACHED');
    expect(await written(member.id)).toEqual(before);
    const overview = (await client.call('GET', RG_PATHS.overview, { token })).json().value;
    expect(overview.limits[0]).toMatchObject({ used: limit, remaining: '0.00' });

    const other = await player({ funds: 100_000n });
    for (let index = 0; index < 2; index += 1) expect((await spinCall(other.token, { bet: highBet })).statusCode).toBe(200);
    await capBetsAt(t.app.db, { merchantId: site.merchant.id, memberId: other.member.id, maxBet: lowBet });
    const unchanged = await written(other.member.id);
    const above = await spinCall(other.token, { bet: highBet });
    expect(above.json()).toMatchObject({ code: 'MAX_BET_EXCEEDED', value: { maxBet: formatAmount(lowBet) } });
    expect(await written(other.member.id)).toEqual(unchanged);
    expect((await spinCall(other.token, { bet: lowBet })).statusCode).toBe(200);
  });
});
