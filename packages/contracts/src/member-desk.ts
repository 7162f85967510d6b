import { z } from 'zod';
import { bettingRecordItem } from './betting-records';
import { envelopeOf } from './envelope';
import { recordIdParam } from './ids';
import { rgOverviewValue } from './responsible-gambling';

/** The back office's member desk (issue 19): find a member, read everything about them, act with a reason. */
export const MEMBER_DESK_PATHS = {
  search: '/admin-api/members',
  file: '/admin-api/members/:id',
  ledger: '/admin-api/members/:id/ledger',
  cashier: '/admin-api/members/:id/cashier',
  sightings: '/admin-api/members/:id/sightings',
  linked: '/admin-api/members/:id/linked',
  notes: '/admin-api/members/:id/notes',
  lock: '/admin-api/members/:id/lock',
  unlock: '/admin-api/members/:id/unlock',
  logout: '/admin-api/members/:id/logout',
  tester: '/admin-api/members/:id/tester',
  resetPassword: '/admin-api/members/:id/reset-password',
  agent: '/admin-api/members/:id/agent',
  rounds: '/admin-api/members/:id/rounds',
  promotions: '/admin-api/members/:id/promotions',
} as const;

/** What the search box may match; `any` guesses from the text (digits: phone, @: e-mail, dots: IP). */
export const MEMBER_SEARCH_FIELDS = ['any', 'username', 'phone', 'email', 'name', 'bank', 'ip', 'agent'] as const;
export type MemberSearchField = (typeof MEMBER_SEARCH_FIELDS)[number];

export const memberSearchQuery = z.object({
  q: z.string().trim().min(2).max(80),
  field: z.enum(MEMBER_SEARCH_FIELDS).default('any'),
  /** Keyset paging: the last member id of the previous page (results come newest id first). */
  after: z.coerce.number().int().positive().optional(),
  size: z.coerce.number().int().min(1).max(100).default(25),
  merchantCode: z.string().max(40).optional(),
});
export type MemberSearchQuery = z.infer<typeof memberSearchQuery>;

export const memberSummary = z.object({
  id: z.number(),
  merchantCode: z.string(),
  username: z.string(),
  /** Masked: the full value only on the member's page (an audited read). */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  status: z.string(),
  type: z.number(),
  agentUsername: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type MemberSummary = z.infer<typeof memberSummary>;

export const memberSearchValue = z.object({
  /** Which field the text matched ('phone' for `any` with digits). */
  matched: z.enum(MEMBER_SEARCH_FIELDS),
  items: z.array(memberSummary),
  /** Pass as `after` for the next page; null on the last one. */
  nextAfter: z.number().nullable(),
});
export type MemberSearchValue = z.infer<typeof memberSearchValue>;
export const memberSearchResponse = envelopeOf(memberSearchValue);

export const memberFileValue = z.object({
  member: memberSummary.extend({
    nickname: z.string(),
    realName: z.string().nullable(),
    birthday: z.string().nullable(),
    language: z.string(),
    registerIp: z.string().nullable(),
    lastLoginIp: z.string().nullable(),
    isTester: z.boolean(),
    testerReason: z.string().nullable(),
    hasTotp: z.boolean(),
    openSessions: z.number(),
  }),
  balances: z.object({
    currency: z.string().nullable(),
    cash: z.string(),
    held: z.string(),
    available: z.string(),
    bonus: z.string(),
    agentEarnings: z.string(),
  }),
  points: z.object({ balance: z.number(), earnedTotal: z.number() }),
  vip: z.object({ rank: z.number(), name: z.string().nullable() }),
  /** Limits and exclusions, read-only (the responsible-gambling module's own view). */
  protection: rgOverviewValue,
  bankAccounts: z.array(z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string(), isConfirmed: z.boolean() })),
});
export type MemberFileValue = z.infer<typeof memberFileValue>;
export const memberFileResponse = envelopeOf(memberFileValue);

export const memberLedgerQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
});
export const memberLedgerValue = z.object({
  items: z.array(
    z.object({
      entryId: z.number(),
      type: z.string(),
      accountCode: z.string(),
      amount: z.string(),
      balanceAfter: z.string(),
      createdAt: z.string(),
      description: z.string().nullable(),
    }),
  ),
  nextCursor: z.string().nullable(),
  total: z.number(),
});
export type MemberLedgerValue = z.infer<typeof memberLedgerValue>;
export const memberLedgerResponse = envelopeOf(memberLedgerValue);

export const memberCashierValue = z.object({
  items: z.array(
    z.object({
      kind: z.enum(['DEPOSIT', 'WITHDRAWAL']),
      id: z.number(),
      reference: z.string().nullable(),
      amount: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type MemberCashierValue = z.infer<typeof memberCashierValue>;
export const memberCashierResponse = envelopeOf(memberCashierValue);

export const memberSightingsValue = z.object({
  items: z.array(z.object({ ip: z.string(), userAgent: z.string(), logins: z.number(), firstSeenAt: z.string(), lastSeenAt: z.string() })),
});
export type MemberSightingsValue = z.infer<typeof memberSightingsValue>;
export const memberSightingsResponse = envelopeOf(memberSightingsValue);

export const LINK_KINDS = ['IP', 'DEVICE', 'BANK_ACCOUNT', 'PHONE'] as const;
export const memberLinkedValue = z.object({
  items: z.array(z.object({ kind: z.enum(LINK_KINDS), shared: z.string(), member: memberSummary })),
});
export type MemberLinkedValue = z.infer<typeof memberLinkedValue>;
export const memberLinkedResponse = envelopeOf(memberLinkedValue);

export const memberNotesValue = z.object({
  items: z.array(z.object({ id: z.number(), operatorName: z.string(), body: z.string(), createdAt: z.string() })),
});
export type MemberNotesValue = z.infer<typeof memberNotesValue>;
export const memberNotesResponse = envelopeOf(memberNotesValue);
export const memberNoteBody = z.object({ body: z.string().trim().min(2).max(2000) });

/** Every action on a member names why (the audit row keeps it). */
export const memberActionBody = z.object({ reason: z.string().trim().min(3).max(300) });
export const memberTesterBody = memberActionBody.extend({ isTester: z.boolean() });
export const memberActionValue = z.object({ status: z.string(), revokedSessions: z.number(), isTester: z.boolean() });
export type MemberActionValue = z.infer<typeof memberActionValue>;
export const memberActionResponse = envelopeOf(memberActionValue);

/** Sends the member a way to set a new password: an SMS code for "forgot password by phone", or an e-mailed reset link. */
export const memberResetPasswordBody = memberActionBody.extend({ channel: z.enum(['SMS', 'EMAIL']) });
export const memberResetPasswordValue = z.object({ channel: z.enum(['SMS', 'EMAIL']), sentTo: z.string() });
export type MemberResetPasswordValue = z.infer<typeof memberResetPasswordValue>;
export const memberResetPasswordResponse = envelopeOf(memberResetPasswordValue);

/** Moves the member, with its whole team below, under another agent of the same merchant. */
export const memberChangeAgentBody = memberActionBody.extend({ agentUsername: z.string().trim().min(1).max(40) });
export const memberChangeAgentValue = z.object({ agentUsername: z.string(), movedMembers: z.number() });
export type MemberChangeAgentValue = z.infer<typeof memberChangeAgentValue>;
export const memberChangeAgentResponse = envelopeOf(memberChangeAgentValue);

/** Rounds over every game path (vendor games, slots, lottery, originals), newest first, the last 90 days. */
export const memberRoundsQuery = z.object({ pageNo: z.coerce.number().int().min(1).max(1000).default(1) });
export const memberRoundsValue = z.object({
  items: z.array(bettingRecordItem),
  total: z.number(),
  totals: z.object({ rounds: z.number(), betAmount: z.string(), payout: z.string(), profit: z.string() }),
});
export type MemberRoundsValue = z.infer<typeof memberRoundsValue>;
export const memberRoundsResponse = envelopeOf(memberRoundsValue);

/** Promotions the member took part in, with the turnover each award still asks for. */
export const memberPromotionsValue = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      kind: z.string(),
      status: z.string(),
      award: z.object({ amount: z.string(), status: z.string(), createdAt: z.string() }).nullable(),
      turnover: z.object({ required: z.string(), done: z.string(), left: z.string(), status: z.string() }).nullable(),
    }),
  ),
});
export type MemberPromotionsValue = z.infer<typeof memberPromotionsValue>;
export const memberPromotionsResponse = envelopeOf(memberPromotionsValue);

export const memberIdParams = z.object({ id: recordIdParam });
