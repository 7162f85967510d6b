import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { liveChatKeys } from '../../db/schema/live-chat';
import type { DbOrTx } from '../../platform/db';

/*
 * A visitor's chat identity. The server hands out `<uuid>.<hmac>`; every call and socket
 * carrying it is verified, so a visitor cannot read or write another visitor's chat by
 * guessing or altering an id (the HMAC covers the merchant too: an id from one site is
 * refused on another). The key is generated once into live_chat_keys, so every node of a
 * cluster signs and verifies with the same one; the config has no general server secret.
 */

const keys = new WeakMap<object, Buffer>();

async function signingKey(db: DbOrTx): Promise<Buffer> {
  const known = keys.get(db);
  if (known) return known;
  await db
    .insert(liveChatKeys)
    .values({ id: 1, secret: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: liveChatKeys.secret }).from(liveChatKeys).where(eq(liveChatKeys.id, 1));
  if (!row) throw new Error('live chat: no signing key');
  const key = Buffer.from(row.secret, 'base64');
  keys.set(db, key);
  return key;
}

function signatureOf(key: Buffer, merchantId: number, guestId: string): string {
  return createHmac('sha256', key).update(`${merchantId}:${guestId}`).digest('base64url');
}

/** A new signed guest id for a visitor of this merchant. */
export async function issueGuestId(db: DbOrTx, merchantId: number): Promise<string> {
  const guestId = randomUUID();
  return `${guestId}.${signatureOf(await signingKey(db), merchantId, guestId)}`;
}

/** The guest id inside a signed one, or null when the signature does not hold (for this merchant). */
export async function verifyGuestId(db: DbOrTx, merchantId: number, signed: unknown): Promise<string | null> {
  if (typeof signed !== 'string' || signed.length > 120) return null;
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(signed);
  if (!match?.[1] || !match[2]) return null;
  const expected = Buffer.from(signatureOf(await signingKey(db), merchantId, match[1]));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null;
}
