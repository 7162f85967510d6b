import {
  MEMBER_DESK_PATHS,
  memberActionBody,
  memberActionResponse,
  memberCashierResponse,
  memberChangeAgentBody,
  memberChangeAgentResponse,
  memberFileResponse,
  memberIdParams,
  memberLedgerQuery,
  memberLedgerResponse,
  memberLinkedResponse,
  memberNoteBody,
  memberNotesResponse,
  memberPromotionsResponse,
  memberResetPasswordBody,
  memberResetPasswordResponse,
  memberRoundsQuery,
  memberRoundsResponse,
  memberSearchQuery,
  memberSearchResponse,
  memberSightingsResponse,
  memberTesterBody,
} from '@kismat/contracts/member-desk';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentOperator, operatorGuard, scopedMerchantByCode } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { changeMemberAgent } from './change-member-agent';
import { findDeskMember } from './find-desk-member';
import { forceLogoutMember, lockMember, unlockMember } from './lock-member';
import { markMemberTester } from './mark-member-tester';
import { addMemberNote, listMemberNotes } from './member-notes';
import { readMemberFile } from './read-member-file';
import { readMemberPromotions, readMemberRounds } from './read-member-play';
import { readLinkedMembers, readMemberCashier, readMemberLedger, readMemberSightings } from './read-member-tabs';
import { resetMemberPassword } from './reset-member-password';
import { searchMembers } from './search-members';

/** The member a member-page call names (`:id`), within the operator's merchant scope. */
const memberOf = (request: FastifyRequest & { params: { id: number } }) => findDeskMember(request, request.params.id);

/** The back office's member desk: search, the member page's tabs, notes and actions (each action with a reason, audited). */
export async function registerMemberDeskRoutes(root: FastifyInstance): Promise<void> {
  // Every role reads; an action names its own role where it needs more.
  const route = defineRoutes(root, { tags: ['operator', 'members'], guard: operatorGuard('read') });

  route.get(
    MEMBER_DESK_PATHS.search,
    {
      summary: 'Find members by username, phone, e-mail, real name, bank account, IP or agent (keyset paging)',
      querystring: memberSearchQuery,
      response: memberSearchResponse,
    },
    async (request) => {
      const merchant = request.query.merchantCode ? await scopedMerchantByCode(request, request.query.merchantCode) : null;
      return searchMembers(root.db, currentOperator(request), request.query, merchant?.id ?? null);
    },
  );

  route.get(
    MEMBER_DESK_PATHS.file,
    {
      summary: "A member's page: profile, balances, points, VIP, limits and exclusions, bank accounts (an audited personal-data read)",
      params: memberIdParams,
      response: memberFileResponse,
    },
    async (request) => readMemberFile(request, await memberOf(request)),
  );

  route.get(
    MEMBER_DESK_PATHS.ledger,
    {
      summary: "A member's ledger entries, newest first (cursor paging)",
      params: memberIdParams,
      querystring: memberLedgerQuery,
      response: memberLedgerResponse,
    },
    async (request) => readMemberLedger(request, await memberOf(request), request.query.cursor),
  );

  route.get(
    MEMBER_DESK_PATHS.cashier,
    { summary: "A member's deposits and withdrawals, newest first", params: memberIdParams, response: memberCashierResponse },
    async (request) => readMemberCashier(request, await memberOf(request)),
  );

  route.get(
    MEMBER_DESK_PATHS.sightings,
    { summary: "A member's IPs and devices with first and last seen (audited)", params: memberIdParams, response: memberSightingsResponse },
    async (request) => readMemberSightings(request, await memberOf(request)),
  );

  route.get(
    MEMBER_DESK_PATHS.linked,
    {
      summary: 'Accounts sharing an IP, device, bank account or phone with the member (audited)',
      params: memberIdParams,
      response: memberLinkedResponse,
    },
    async (request) => readLinkedMembers(request, await memberOf(request)),
  );

  route.get(
    MEMBER_DESK_PATHS.notes,
    { summary: "Operators' notes on the member", params: memberIdParams, response: memberNotesResponse },
    async (request) => listMemberNotes(request, await memberOf(request)),
  );

  route.post(
    MEMBER_DESK_PATHS.notes,
    {
      summary: 'Add a note on the member (every role; audited)',
      params: memberIdParams,
      body: memberNoteBody,
      response: memberNotesResponse,
    },
    async (request) => addMemberNote(request, await memberOf(request), request.body.body),
  );

  route.post(
    MEMBER_DESK_PATHS.lock,
    {
      summary: 'Lock the member and end every session (reason required; audited)',
      params: memberIdParams,
      body: memberActionBody,
      response: memberActionResponse,
      guard: operatorGuard('money'),
    },
    async (request) => lockMember(request, await memberOf(request), request.body.reason),
  );

  route.post(
    MEMBER_DESK_PATHS.unlock,
    {
      summary: 'Unlock a locked member (reason required; audited)',
      params: memberIdParams,
      body: memberActionBody,
      response: memberActionResponse,
      guard: operatorGuard('money'),
    },
    async (request) => unlockMember(request, await memberOf(request), request.body.reason),
  );

  route.post(
    MEMBER_DESK_PATHS.logout,
    {
      summary: 'End every session of the member (support may; reason required; audited)',
      params: memberIdParams,
      body: memberActionBody,
      response: memberActionResponse,
    },
    async (request) => forceLogoutMember(request, await memberOf(request), request.body.reason),
  );

  route.post(
    MEMBER_DESK_PATHS.tester,
    {
      summary: 'Mark or unmark the member as a house tester (admin; reason required; audited)',
      params: memberIdParams,
      body: memberTesterBody,
      response: memberActionResponse,
      guard: operatorGuard('settings'),
    },
    async (request) => markMemberTester(request, await memberOf(request), request.body),
  );

  route.post(
    MEMBER_DESK_PATHS.resetPassword,
    {
      summary: 'Send the member an SMS code or an e-mailed link to set a new password (reason required; audited)',
      params: memberIdParams,
      body: memberResetPasswordBody,
      response: memberResetPasswordResponse,
    },
    async (request) => resetMemberPassword(request, await memberOf(request), request.body),
  );

  route.post(
    MEMBER_DESK_PATHS.agent,
    {
      summary: 'Move the member and its team under another agent (admin; reason required; audited)',
      params: memberIdParams,
      body: memberChangeAgentBody,
      response: memberChangeAgentResponse,
      guard: operatorGuard('settings'),
    },
    async (request) => changeMemberAgent(request, await memberOf(request), request.body),
  );

  route.get(
    MEMBER_DESK_PATHS.rounds,
    {
      summary: "A member's rounds on every game path over the last 90 days, newest first, with totals",
      params: memberIdParams,
      querystring: memberRoundsQuery,
      response: memberRoundsResponse,
    },
    async (request) => readMemberRounds(request, await memberOf(request), request.query.pageNo),
  );

  route.get(
    MEMBER_DESK_PATHS.promotions,
    {
      summary: 'Promotions the member takes part in, with the turnover each award still asks for',
      params: memberIdParams,
      response: memberPromotionsResponse,
    },
    async (request) => readMemberPromotions(request, await memberOf(request)),
  );
}
