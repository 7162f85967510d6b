import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { VENDOR_API_PATHS, VENDOR_HEADERS, vendorResponse } from '@kismat/contracts/vendor-wallet';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gameRounds, vendorTransactions } from '../../db/schema/games';
import { buildTestApp } from '../../test/build-test-app';
import { useRealClock } from '../../test/factories';
import { openVendorSession, vendorCall } from '../../test/vendor-test-kit';
import { getAccountBalance } from '../wallet/get-account-balance';
import { signVendorPayload } from './vendor-signature';
import { useObservedVendorApp } from './vendor-wallet-test-kit';

const VENDOR = 'PT';
const id = () => randomUUID();

describe('vendor seamless wallet API', () => {
  // Bets and wins go through the group commit; none of these calls may need the call-by-call replay.
  const t = useObservedVendorApp();

  it('authenticates once with the launch token; a second exchange is refused', async () => {
    const opened = await openVendorSession(t.app, VENDOR, 100_00n);
    const again = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.authenticate, { token: opened.launch });
    expect(again.status).toBe('RS_ERROR_INVALID_TOKEN');
    const balance = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.balance, {
      sessionId: opened.session.sessionId,
      user: opened.session.user,
    });
    expect(balance).toMatchObject({ status: 'RS_OK', balance: '100.00', currency: 'BDT' });
    const otherVendor = await vendorCall(t.app, 'AG', VENDOR_API_PATHS.balance, {
      sessionId: opened.session.sessionId,
      user: opened.session.user,
    });
    expect(otherVendor.status).toBe('RS_ERROR_INVALID_TOKEN');
  });

  it('refuses a bad signature, an unknown vendor and a stale timestamp, moving nothing', async () => {
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 50_00n);
    const bet = { ...session, transactionUuid: id(), roundId: id(), amount: '5.00' };
    const forged = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet, { secret: 'not-the-secret' });
    expect(forged.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    const stale = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet, { timestamp: Date.now() - 120_000 });
    expect(stale.status).toBe('RS_ERROR_REQUEST_EXPIRED');
    const unknown = await t.app.inject({
      method: 'POST',
      url: VENDOR_API_PATHS.bet,
      payload: '{}',
      headers: { 'content-type': 'application/json', 'x-vendor-code': 'NOPE' },
    });
    expect(unknown.json().status).toBe('RS_ERROR_INVALID_PARTNER');
    // A body changed after signing fails, even with the same transaction.
    const signedFor = JSON.stringify({ requestUuid: id(), ...bet, amount: '1.00' });
    const tampered = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, {}, { raw: signedFor.replace('"1.00"', '"9.00"'), secret: 'x' });
    expect(tampered.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await getAccountBalance(t.app.db, cashAccountId)).balance).toBe(50_00n);
  });

  it('bet and win are idempotent by transaction id; same id with other details is refused', async () => {
    const { session } = await openVendorSession(t.app, VENDOR, 100_00n);
    const roundId = id();
    const bet = { ...session, transactionUuid: id(), roundId, amount: '10.00' };
    const first = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet);
    expect(first).toMatchObject({ status: 'RS_OK', balance: '90.00' });
    const replay = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet);
    expect(replay).toMatchObject({ status: 'RS_OK', balance: '90.00' });
    const changed = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, { ...bet, amount: '11.00' });
    expect(changed.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');

    const win = { ...session, transactionUuid: id(), roundId, amount: '25.50', referenceTransactionUuid: bet.transactionUuid };
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, win)).toMatchObject({ status: 'RS_OK', balance: '115.50' });
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, win)).toMatchObject({ status: 'RS_OK', balance: '115.50' });
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, { ...win, amount: '99.00' })).status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );

    const [round] = await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, roundId));
    expect(round).toMatchObject({ status: 'CLOSED', betTotal: 10_00n, payoutTotal: 25_50n, betCount: 1 });
    // A bet into a closed round is refused.
    const late = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, { ...bet, transactionUuid: id() });
    expect(late.status).toBe('RS_ERROR_ROUND_CLOSED');
  });

  it('a win for an unknown round does not exist', async () => {
    const { session } = await openVendorSession(t.app, VENDOR, 10_00n);
    const win = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, { ...session, transactionUuid: id(), roundId: id(), amount: '5.00' });
    expect(win.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
  });

  it('not enough money answers with the real balance and leaves nothing', async () => {
    const { session } = await openVendorSession(t.app, VENDOR, 7_25n);
    const bet = { ...session, transactionUuid: id(), roundId: id(), amount: '7.26' };
    const refused = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet);
    expect(refused).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: '7.25' });
    const [row] = await t.app.db.select().from(vendorTransactions).where(eq(vendorTransactions.vendorTransactionId, bet.transactionUuid));
    expect(row).toBeUndefined();
  });

  it('rollback of a bet refunds it; rollback before the bet leaves a tombstone and the late bet is refused', async () => {
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 20_00n);
    const roundId = id();
    const bet = { ...session, transactionUuid: id(), roundId, amount: '8.00' };
    await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet);
    const rollback = { ...session, transactionUuid: id(), roundId, referenceTransactionUuid: bet.transactionUuid };
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, rollback)).toMatchObject({ status: 'RS_OK', balance: '20.00' });
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, rollback)).toMatchObject({ status: 'RS_OK', balance: '20.00' });
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet)).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    const [round] = await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, roundId));
    expect(round).toMatchObject({ betTotal: 0n, betCount: 0 });

    const ghostBet = id();
    const early = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, {
      ...session,
      transactionUuid: id(),
      roundId: id(),
      referenceTransactionUuid: ghostBet,
    });
    expect(early).toMatchObject({ status: 'RS_OK', balance: '20.00' });
    const lateBet = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, {
      ...session,
      transactionUuid: ghostBet,
      roundId: id(),
      amount: '3.00',
    });
    expect(lateBet.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect((await getAccountBalance(t.app.db, cashAccountId)).balance).toBe(20_00n);
  });

  it('wins and rollbacks settle after the session expired; bets do not', async () => {
    const { session } = await openVendorSession(t.app, VENDOR, 30_00n);
    const roundId = id();
    const bet = { ...session, transactionUuid: id(), roundId, amount: '10.00' };
    await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet);
    const other = { ...session, transactionUuid: id(), roundId: id(), amount: '5.00' };
    await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, other);
    t.setNow(new Date(Date.now() + 3 * 60 * 60_000));
    try {
      expect(
        (await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, { ...session, transactionUuid: id(), roundId: id(), amount: '1.00' }))
          .status,
      ).toBe('RS_ERROR_TOKEN_EXPIRED');
      expect(
        await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, { ...session, transactionUuid: id(), roundId, amount: '40.00' }),
      ).toMatchObject({ status: 'RS_OK', balance: '55.00' });
      const rolled = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, {
        ...session,
        transactionUuid: id(),
        roundId: other.roundId,
        referenceTransactionUuid: other.transactionUuid,
      });
      expect(rolled).toMatchObject({ status: 'RS_OK', balance: '60.00' });
    } finally {
      useRealClock(t);
    }
  });

  it('rejects malformed bodies with RS_ERROR_WRONG_SYNTAX', async () => {
    const { session } = await openVendorSession(t.app, VENDOR, 1_00n);
    const bad = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, {
      ...session,
      transactionUuid: id(),
      roundId: id(),
      amount: '1.001',
    });
    expect(bad.status).toBe('RS_ERROR_WRONG_SYNTAX');
    const notJson = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, {}, { raw: '{not json' });
    expect(notJson.status).toBe('RS_ERROR_WRONG_SYNTAX');
  });

  it('50 parallel bets on one balance never overdraw', async () => {
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 100_00n);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, { ...session, transactionUuid: id(), roundId: id(), amount: '3.00' }),
      ),
    );
    const accepted = answers.filter((answer) => answer.status === 'RS_OK').length;
    const refused = answers.filter((answer) => answer.status === 'RS_ERROR_NOT_ENOUGH_MONEY').length;
    expect(accepted).toBe(33);
    expect(refused).toBe(17);
    const balance = await getAccountBalance(t.app.db, cashAccountId);
    expect(balance.balance).toBe(100_00n - 33n * 3_00n);
    const rows = await t.app.db
      .select()
      .from(vendorTransactions)
      .where(and(eq(vendorTransactions.memberId, Number(session.user)), eq(vendorTransactions.kind, 'BET')));
    expect(rows).toHaveLength(33);
  });

  it('one bet sent 10 times at once moves once; 10 bets into one round at once all add up', async () => {
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 50_00n);
    const roundId = id();
    const bet = { ...session, transactionUuid: id(), roundId, amount: '1.05' };
    const repeats = await Promise.all(Array.from({ length: 10 }, () => vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet)));
    expect(repeats.map((answer) => `${answer.status} ${answer.balance}`)).toEqual(Array(10).fill('RS_OK 48.95'));
    const others = await Promise.all(
      Array.from({ length: 10 }, () =>
        vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, { ...session, transactionUuid: id(), roundId, amount: '0.05' }),
      ),
    );
    expect(others.every((answer) => answer.status === 'RS_OK')).toBe(true);
    expect(others.map((answer) => answer.balance).sort()).toContain('48.45');
    const [round] = await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, roundId));
    expect(round).toMatchObject({ status: 'OPEN', betTotal: 1_55n, betCount: 11 });
    expect((await getAccountBalance(t.app.db, cashAccountId)).balance).toBe(50_00n - 1_55n);
  });

  it('while the app is closing a vendor gets its own answer shape with a retryable 503 (issue 11, finding 14)', async () => {
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 10_00n);
    const vendor = await t.app.vendorDirectory.find(VENDOR);
    const payload = JSON.stringify({ requestUuid: id(), ...session, transactionUuid: id(), roundId: id(), amount: '1.00' });
    const timestamp = String(Date.now());
    t.app.isClosing = true;
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: VENDOR_API_PATHS.bet,
        payload,
        headers: {
          'content-type': 'application/json',
          [VENDOR_HEADERS.vendor]: VENDOR,
          [VENDOR_HEADERS.timestamp]: timestamp,
          [VENDOR_HEADERS.signature]: signVendorPayload(vendor?.apiSecret ?? '', timestamp, payload),
        },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(vendorResponse.parse(response.json())).toMatchObject({ status: 'RS_ERROR_UNKNOWN' });
    } finally {
      t.app.isClosing = false;
    }
    expect((await getAccountBalance(t.app.db, cashAccountId)).balance).toBe(10_00n);
  });
});

describe('vendor seamless wallet API during a real shutdown', () => {
  it('a call arriving on an open connection while the server closes answers the vendor shape, 503, retryable', async () => {
    const t = await buildTestApp();
    let closing: Promise<void> | undefined;
    try {
      const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 10_00n);
      const vendor = await t.app.vendorDirectory.find(VENDOR);
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const address = t.app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      const requestOf = (path: string, body: Record<string, unknown>) => {
        const payload = JSON.stringify({ requestUuid: id(), ...body });
        const timestamp = String(Date.now());
        const head = [
          `POST ${path} HTTP/1.1`,
          'Host: 127.0.0.1',
          'Content-Type: application/json',
          `Content-Length: ${Buffer.byteLength(payload)}`,
          `${VENDOR_HEADERS.vendor}: ${VENDOR}`,
          `${VENDOR_HEADERS.timestamp}: ${timestamp}`,
          `${VENDOR_HEADERS.signature}: ${signVendorPayload(vendor?.apiSecret ?? '', timestamp, payload)}`,
        ].join('\r\n');
        return { head: `${head}\r\n\r\n`, payload };
      };
      const connection = connect({ host: '127.0.0.1', port: address.port });
      await new Promise((resolve) => connection.once('connect', resolve));
      let received = '';
      const ended = new Promise<void>((resolve) => {
        connection.on('data', (chunk) => {
          received += chunk.toString('utf8');
        });
        connection.on('close', () => resolve());
      });
      // A balance call in flight (headers sent, body not yet) keeps the connection open through the close.
      const inFlight = requestOf(VENDOR_API_PATHS.balance, { sessionId: session.sessionId, user: session.user });
      connection.write(inFlight.head);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // What main.ts does on SIGTERM.
      t.app.isClosing = true;
      closing = t.app.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const late = requestOf(VENDOR_API_PATHS.bet, { ...session, transactionUuid: id(), roundId: id(), amount: '1.00' });
      connection.write(inFlight.payload + late.head + late.payload);
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      connection.destroy();

      const answers = received.split(/(?=HTTP\/1\.1 )/);
      expect(answers).toHaveLength(2);
      expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
      const [head, body] = (answers[1] ?? '').split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 503 /);
      expect(head?.toLowerCase()).toContain('retry-after: 1');
      expect(vendorResponse.parse(JSON.parse(body ?? ''))).toMatchObject({ status: 'RS_ERROR_UNKNOWN' });
      await closing;
      expect((await getAccountBalance(t.app.db, cashAccountId)).balance).toBe(10_00n);
    } finally {
      await (closing ?? t.app.close());
      await t.database.close();
    }
  });
});
