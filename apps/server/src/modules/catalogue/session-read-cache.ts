import { hash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { authenticate, bearerToken, type MemberRow, type SessionRow } from '../../platform/auth';
import { requireMember } from '../../platform/policy';
import type { SessionRevocation } from '../../platform/realtime/realtime-hub';

/**
 * How long a catalogue read trusts a session it verified. A session revoked meanwhile (logout,
 * password change, disabled account) can still read game lists and its own favourite ids for
 * at most this long; writes (favourites), launches and every other module verify on each call.
 */
export const SESSION_READ_TTL_MS = 5000;

interface Verified {
  member: MemberRow;
  session: SessionRow;
  until: number;
}

/**
 * The catalogue's reads by logged-in members (the game list with favourite stars, favourite
 * ids) are as hot as the public ones; verifying the bearer token costs a database round trip
 * per request. This remembers a successful verification per token hash, per process, briefly:
 * a hit still requires the same merchant and an unexpired session, and runs the same policy
 * (requireMember: pending password change); a miss, an unknown or a refused token goes to the
 * database exactly as before (refusals are never remembered). A miss also slides the session's
 * idle expiry as `authenticate` does, so a member who only browses stays logged in.
 */
export class SessionReadCache {
  private readonly entries = new Map<string, Verified>();

  constructor(
    private readonly ttlMs = SESSION_READ_TTL_MS,
    private readonly maxEntries = 20_000,
  ) {}

  /** preValidation for member-only catalogue reads: requireMember, remembered. */
  readonly requireMember = async (request: FastifyRequest): Promise<void> => {
    await this.verify(request, requireMember);
  };

  /** The member of a valid bearer token, else null: visitors browse the same lists. */
  async optionalMemberId(request: FastifyRequest): Promise<number | null> {
    if (!request.headers.authorization) return null;
    try {
      await this.verify(request, async (inner) => {
        await authenticate(inner);
      });
      return request.member?.id ?? null;
    } catch {
      return null;
    }
  }

  private async verify(request: FastifyRequest, check: (request: FastifyRequest) => Promise<void>): Promise<void> {
    const token = bearerToken(request);
    // Keyed by a digest, so the process never keeps a usable token (one-shot hash: ~1 µs).
    const key = token ? hash('sha256', token, 'base64url') : null;
    if (key) {
      const hit = this.entries.get(key);
      if (hit && this.applies(hit, request)) {
        // authenticate() is memoised on the request: the check runs its policy without a query.
        request.member = hit.member;
        request.session = hit.session;
        await check(request);
        return;
      }
      if (hit) this.entries.delete(key);
    }
    await check(request);
    if (key && request.member && request.session) {
      if (this.entries.size >= this.maxEntries) this.sweep();
      this.entries.set(key, { member: request.member, session: request.session, until: Date.now() + this.ttlMs });
    }
  }

  /**
   * A revocation heard from any node (cluster notices): its sessions are verified again on their
   * next read, so a logged-out token stops reading at once everywhere, not within the TTL.
   */
  forgetRevoked(revocation: SessionRevocation): void {
    const ids = revocation.sessionIds ? new Set(revocation.sessionIds) : null;
    for (const [key, entry] of this.entries) {
      if (entry.member.id !== revocation.memberId) continue;
      const isRevoked = ids ? ids.has(entry.session.id) : entry.session.id !== revocation.exceptSessionId;
      if (isRevoked) this.entries.delete(key);
    }
  }

  /** Full: drops the lapsed entries, and everything if that frees too little. */
  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries * 0.9) this.entries.clear();
  }

  private applies(hit: Verified, request: FastifyRequest): boolean {
    return (
      hit.until > Date.now() &&
      hit.session.merchantId === request.merchant.id &&
      hit.session.revokedAt === null &&
      hit.session.expiresAt.getTime() > request.server.now().getTime()
    );
  }
}
