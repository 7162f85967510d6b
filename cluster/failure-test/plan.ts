/** What run.ts hands the load process (load.ts) and what it answers: shared by both and by checks.ts. */
import type { HttpRequest, HttpResult } from '../../apps/server/src/test/crash-harness';

export interface LoadMember {
  memberId: number;
  username: string;
  password: string;
  /** The member's own address (X-Forwarded-For through HAProxy): per-IP limits see members, not the test. */
  ip: string;
  vendorSession: { sessionId: string; user: string };
}

export interface LoadPlan {
  address: string;
  host: string;
  seconds: number;
  members: LoadMember[];
  vendor: { code: string; apiSecret: string; gameCode: string; currency: string };
  /** The lottery's issues over the run (epoch ms): a slip goes to the one open at that moment. */
  lotteryIssues: { id: string; opensAt: number; cutoffAt: number }[];
  sandboxChannelId: number;
  slot: { titleId: string; betLevel: string };
}

export type OperationKind = 'login' | 'spin' | 'vendor-bet' | 'vendor-win' | 'lottery' | 'deposit' | 'deposit-pay';

/** One operation as the client saw it: its key, the final outcome and how many attempts it took. */
export interface Operation {
  kind: OperationKind;
  memberId: number;
  key: string;
  outcome: string;
  attempts: number;
  /** What the ledger check needs: the slot round id, the deposit id. */
  ref?: string;
  /** The request itself, so run.ts can replay it after the load. */
  request: HttpRequest;
}

export interface SocketRecord {
  memberId: number;
  opens: number;
  /** The balance last pushed or resynced. */
  lastBalance: string | null;
  pushes: number;
  /** The balance the member's last vendor win answered (the ledger's at that moment); its push must match. */
  finalBalance: string | null;
}

export interface LoadRecord {
  operations: Operation[];
  sockets: SocketRecord[];
}

/** `OK`, a definitive refusal code, or `RETRY` when the request may not have been decided. */
export function outcomeOf(result: HttpResult): string {
  const json = result.json as { code?: string; status?: string } | undefined;
  if (result.status === 0 || result.error) return 'RETRY';
  if (result.status === 502 || result.status === 503 || result.status === 504) return 'RETRY';
  if (json?.status !== undefined && json.code === undefined) {
    if (json.status === 'RS_OK') return 'OK';
    return json.status === 'RS_ERROR_UNKNOWN' ? 'RETRY' : json.status;
  }
  if (result.status >= 500) return 'RETRY';
  return json?.code ?? `HTTP ${result.status}`;
}
