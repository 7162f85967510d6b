import type { SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  bearerToken,
  hashToken,
  isTouchDue,
  type MemberRow,
  type SessionRow,
  type SessionState,
  sessionHoldsSql,
  sessionStateSql,
  touchSession,
} from './auth';
import { AppError } from './errors';
import { requireMember } from './policy';

/*
 * A hot member call's session read folded into the call's own first statement (issue 16 item 1:
 * the slot spin's round trips). The call's preValidation does not read the session when this
 * process has verified the token before (the member and session rows are remembered per token
 * hash); the call's first statement reads it instead (`SessionCheck.sql`, a scalar subquery) and
 * `confirm` makes on its answer the checks `authenticate` and `requireMember` make, in their
 * order, with their errors, before the call acts on anything it read or writes anything: a
 * refusal throws inside the call's transaction, which rolls back. So a logout, an expiry, a
 * disabled account or a pending password change stops the call at once, on every node, as
 * before; nothing is trusted from the memory but the member's id and type, and the statement
 * checks both (another answer: the call runs again, read the usual way).
 *
 * Errors keep their precedence: the deferral is taken only for a body the route's schema accepts
 * (so a refused session answers before a refused body, as with a preValidation read), and an
 * error the call throws before its statement checked the session is preceded by the usual
 * session read (`run`), whose refusal is answered instead. The idle expiry slides as before
 * (at most one touch per 30 s), after the call's transaction.
 */

export interface SessionCheck {
  /** A scalar subquery for the call's first statement: the session's state (auth.ts sessionStateSql). */
  readonly sql: SQL;
  /**
   * The checks of authenticate and requireMember on that state: throws their errors, in their
   * order. `now` (default: the server's clock now) is the instant the session must be live at.
   */
  confirm(state: unknown, now?: Date): void;
  /**
   * A boolean SQL expression, true exactly when `confirm(state, now)` would pass on the state
   * `sql` reads in the same statement: for a statement that writes only when the session holds
   * (the slot spin's one statement) and then confirms on its answer.
   */
  holdsSql(now: Date): SQL;
}

interface Known {
  member: MemberRow;
  session: SessionRow;
}

interface Pending {
  tokenHash: string;
  known: Known;
  /** The session was checked (confirm ran, or the usual read after an early error). */
  settled: boolean;
  touchDue: boolean;
  check: SessionCheck;
}

/** The member's id or type in the statement's answer differ from the remembered rows. */
class StaleSession extends Error {}

const pendings = new WeakMap<FastifyRequest, Pending>();

/** Remembered verified tokens of one route, per process (one per call: `new DeferredSessions()`). */
export class DeferredSessions {
  private readonly known = new Map<string, Known>();

  constructor(private readonly maxEntries = 20_000) {}

  /**
   * preValidation in place of requireMember: a token this process verified before, with a body
   * `body` accepts, is checked by the call's statement (`run`); anything else is read now.
   */
  requireMember(body: z.ZodType): (request: FastifyRequest) => Promise<void> {
    return async (request) => {
      const token = bearerToken(request);
      const tokenHash = token ? hashToken(token) : null;
      const hit = tokenHash ? this.known.get(tokenHash) : undefined;
      if (tokenHash && hit && hit.session.merchantId === request.merchant.id && body.safeParse(request.body).success) {
        request.member = hit.member;
        request.session = hit.session;
        pendings.set(request, this.pending(request, tokenHash, hit));
        return;
      }
      await requireMember(request);
      if (tokenHash) this.remember(tokenHash, request);
    };
  }

  /**
   * The route's work: given the check to fold into its first statement (undefined when the
   * session was read already). See the file's comment for the order of errors.
   */
  async run<T>(request: FastifyRequest, work: (check: SessionCheck | undefined) => Promise<T>): Promise<T> {
    const pending = pendings.get(request);
    if (!pending) return work(undefined);
    let value: T;
    try {
      value = await work(pending.check);
    } catch (error) {
      if (error instanceof StaleSession) {
        this.known.delete(pending.tokenHash);
        pendings.delete(request);
        await this.readNow(request, pending.tokenHash);
        return work(undefined);
      }
      // The usual read first: its refusal is the answer, as when it ran before the call.
      if (!pending.settled) await this.readNow(request, pending.tokenHash);
      else await this.touchIfDue(request, pending);
      throw error;
    }
    // A call that wrote without checking: a bug of the route, never answered as a success.
    if (!pending.settled) throw new Error('deferred session check never ran');
    await this.touchIfDue(request, pending);
    return value;
  }

  private pending(request: FastifyRequest, tokenHash: string, known: Known): Pending {
    const pending: Pending = {
      tokenHash,
      known,
      settled: false,
      touchDue: false,
      check: {
        sql: sessionStateSql(tokenHash),
        confirm: (state, now) => this.confirm(request, pending, state as SessionState | null, now ?? request.server.now()),
        holdsSql: (now) => this.holdsSql(request, pending, now),
      },
    };
    return pending;
  }

  /** authenticate's and requireMember's checks, in their order, on the statement's answer. */
  private confirm(request: FastifyRequest, pending: Pending, state: SessionState | null, now: Date): void {
    pending.settled = true;
    const { member, session } = pending.known;
    if (state && (state.member_id !== member.id || state.member_type !== member.type)) throw new StaleSession('member changed');
    const refuse = (code: 'AUTH_REQUIRED' | 'SESSION_EXPIRED' | 'ACCOUNT_DISABLED' | 'PASSWORD_CHANGE_REQUIRED') => {
      this.known.delete(pending.tokenHash);
      return new AppError(code);
    };
    if (!state || state.merchant_id !== request.merchant.id) throw refuse('AUTH_REQUIRED');
    const expiresAt = new Date(state.expires_at);
    if (state.revoked_at || expiresAt <= now) throw refuse('SESSION_EXPIRED');
    if (state.member_status !== 'ACTIVE') throw refuse('ACCOUNT_DISABLED');
    if (state.requires_password_change && !request.routeOptions.config.allowPendingPasswordChange) {
      throw refuse('PASSWORD_CHANGE_REQUIRED');
    }
    const lastSeenAt = new Date(state.last_seen_at);
    request.session = { ...session, expiresAt, lastSeenAt, requiresPasswordChange: state.requires_password_change };
    pending.touchDue = isTouchDue(lastSeenAt, now);
  }

  /**
   * `confirm`'s checks in SQL, in the same terms: the remembered member and type, this merchant, not
   * revoked, expiring after `now` (compared in milliseconds, as confirm's Date does), member
   * ACTIVE, no pending password change unless the route allows one.
   */
  private holdsSql(request: FastifyRequest, pending: Pending, now: Date): SQL {
    const { member } = pending.known;
    return sessionHoldsSql(pending.tokenHash, {
      memberId: member.id,
      memberType: member.type,
      merchantId: request.merchant.id,
      now,
      allowPendingPasswordChange: request.routeOptions.config.allowPendingPasswordChange === true,
    });
  }

  /** The usual session read (authenticate, requireMember): throws its refusal; remembers a success. */
  private async readNow(request: FastifyRequest, tokenHash: string): Promise<void> {
    const pending = pendings.get(request);
    if (pending) pending.settled = true;
    request.member = null;
    request.session = null;
    try {
      await requireMember(request);
    } catch (error) {
      this.known.delete(tokenHash);
      throw error;
    }
    this.remember(tokenHash, request);
  }

  private async touchIfDue(request: FastifyRequest, pending: Pending): Promise<void> {
    if (!pending.touchDue || !request.session) return;
    pending.touchDue = false;
    request.session = await touchSession(request, request.session, request.server.now());
  }

  private remember(tokenHash: string, request: FastifyRequest): void {
    if (!request.member || !request.session) return;
    if (this.known.size >= this.maxEntries) this.known.clear();
    this.known.set(tokenHash, { member: request.member, session: request.session });
  }
}
