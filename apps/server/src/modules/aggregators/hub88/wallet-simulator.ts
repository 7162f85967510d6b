import { createPrivateKey, createSign, generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { HUB88_SIGNATURE_HEADER, HUB88_WALLET_CALLS, type Hub88Answer } from './wallet-protocol';

/*
 * FAKE HUB88 (tests and bench only): plays Hub88's side of the Operator Wallet API against our
 * adapter, exactly as the published protocol describes it: snake_case JSON bodies, amounts in
 * integer units x100000, the body signed with Hub88's RSA private key (RSA-SHA256, base64, in
 * X-Hub88-Signature). The key pair is generated here; the contract row carries the public half
 * as its inbound_key. The transport is handed in (app.inject in tests, HTTP in the bench).
 */

export type Hub88Call = keyof typeof HUB88_WALLET_CALLS;

export type Hub88Transport = (
  path: string,
  payload: string,
  headers: Record<string, string>,
) => Promise<{ statusCode: number; body: string }>;

export interface Hub88KeyPair {
  publicKeyPem: string;
  privateKeyPem: string;
}

/** A fresh 2048-bit RSA key pair for a test contract. */
export function generateHub88KeyPair(): Hub88KeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** Hub88's signature of a body: base64(RSA-SHA256(body)). A KeyObject saves parsing the PEM per call (~3 ms). */
export function signHub88Body(privateKey: string | KeyObject, payload: string): string {
  return createSign('RSA-SHA256').update(payload).sign(privateKey, 'base64');
}

export interface SimulatedAnswer extends Hub88Answer {
  httpStatus: number;
}

export class Hub88Simulator {
  private readonly privateKey: KeyObject;

  constructor(
    /** The contract's wallet URL prefix, e.g. /aggregators/hub88/KISMAT/HUB88. */
    readonly prefix: string,
    privateKeyPem: string,
    private readonly transport: Hub88Transport,
  ) {
    this.privateKey = createPrivateKey(privateKeyPem);
  }

  /** One signed call; `options.raw` sends exactly those bytes (signed as given unless `signature` is set). */
  async call(
    call: Hub88Call,
    body: Record<string, unknown>,
    options: { raw?: string; signature?: string; privateKeyPem?: string } = {},
  ): Promise<SimulatedAnswer> {
    const payload = options.raw ?? JSON.stringify({ request_uuid: randomUUID(), ...body });
    const signature = options.signature ?? signHub88Body(options.privateKeyPem ?? this.privateKey, payload);
    const response = await this.transport(`${this.prefix}${HUB88_WALLET_CALLS[call]}`, payload, {
      'content-type': 'application/json',
      [HUB88_SIGNATURE_HEADER]: signature,
    });
    return { ...(JSON.parse(response.body) as Hub88Answer), httpStatus: response.statusCode };
  }

  /** A player's game session as Hub88 sees it: the token and user from our game URL request. */
  session(input: { token: string; user: string; gameCode: string; currency: string }): Hub88Session {
    return new Hub88Session(this, input);
  }
}

/** The calls of one game session, with Hub88's field names filled in. */
export class Hub88Session {
  constructor(
    readonly simulator: Hub88Simulator,
    readonly input: { token: string; user: string; gameCode: string; currency: string },
  ) {}

  private base() {
    return { user: this.input.user, token: this.input.token, game_code: this.input.gameCode };
  }

  balance(extra: Record<string, unknown> = {}) {
    return this.simulator.call('balance', { ...this.base(), ...extra });
  }

  bet(input: { transaction: string; round: string; amount: number; extra?: Record<string, unknown> }) {
    return this.simulator.call('bet', {
      ...this.transaction(input.transaction),
      round: input.round,
      round_closed: false,
      ...this.money(input.amount),
      ...input.extra,
    });
  }

  win(input: { transaction: string; reference: string; round: string; amount: number; extra?: Record<string, unknown> }) {
    return this.simulator.call('win', {
      ...this.transaction(input.transaction),
      reference_transaction_uuid: input.reference,
      round: input.round,
      round_closed: true,
      ...this.money(input.amount),
      ...input.extra,
    });
  }

  rollback(input: { transaction: string; reference: string; round: string | null; extra?: Record<string, unknown> }) {
    return this.simulator.call('rollback', {
      ...this.transaction(input.transaction),
      reference_transaction_uuid: input.reference,
      round: input.round,
      round_closed: true,
      meta: null,
      ...input.extra,
    });
  }

  /** Who calls, and the transaction Hub88 names (the supplier's id derived from it). */
  private transaction(transaction: string) {
    return { ...this.base(), transaction_uuid: transaction, supplier_transaction_id: `sup-${transaction}` };
  }

  /** A bet's or win's money fields: never a free round, no bet label or meta. */
  private money(amount: number) {
    return { is_free: false, currency: this.input.currency, bet: null, amount, meta: null };
  }
}
