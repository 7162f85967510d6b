/*
 * The member module's public face: the operations and reads other modules may use. Files
 * outside modules/member/ import only this file (modules/boundaries.test.ts checks it).
 */

export { newAffiliateCode } from './affiliate-code';
export type { AvailablePromotionCounter } from './available-promotions';
export { registerAvailablePromotionCounter } from './available-promotions';
export { isAtLeastYearsOld, toIsoDate } from './birthday';
export type { PaymentPasswordContext } from './check-payment-password';
export { checkPaymentPassword } from './check-payment-password';
export { claimTotpStep } from './claim-totp-step';
export { codeMatches, generateNumericCode, hashCode } from './code-hash';
export {
  type CodeCheck,
  consumeVerificationCode,
  registerVerificationCodeConsumer,
  type VerificationCodeConsumer,
  type VerificationCodeInput,
} from './consume-verification-code';
export { otherMessage } from './field-messages';
export { findMemberWithMerchant } from './find-member-with-merchant';
export { insertMember } from './insert-member';
export type { ConsolidatedFlags, InvitationLinks, MemberRoutesOptions, ReferralRegistration, ResolvedInvitation } from './invitation-links';
export { listAudienceMemberIds } from './list-audience-member-ids';
export { listBirthdayMembers } from './list-birthday-members';
export { MemberBalancePushes } from './member-balance-pushes';
export type { MemberProfileChanges, MemberProfileRow } from './member-profiles';
export { fillProfileFullName, findMemberProfile, upsertMemberProfile } from './member-profiles';
export {
  findAgentByAffiliateCode,
  findMemberById,
  findMemberByMobile,
  findMemberByUsername,
  findMemberRow,
  findUsername,
  isAffiliateCodeTaken,
  normalizeAffiliateCode,
  normalizeUsername,
} from './member-queries';
export type { MemberStateExtraProvider, MemberStateExtras } from './member-state-extras';
export { registerMemberStateExtra } from './member-state-extras';
export { memberStatusRelation } from './member-status-relation';
export { membersJoinedRelation } from './members-joined-relation';
export { moveMemberSubtree } from './move-member-subtree';
export type { OpenedSession } from './open-member-session';
export { openMemberSession } from './open-member-session';
export { hashPassword, verifyPassword } from './password-hash';
export { isPasswordTooGuessable } from './password-strength';
export { isTrivialPaymentPassword } from './payment-password-rules';
export { checkPersonName, normalizePersonName } from './person-name';
export { maskEmail, maskMobile, parseMobileNumber } from './phone-numbers';
export { presentMemberInfo } from './present-member-info';
export { queueMemberWrites } from './queue-member-writes';
export { readAccountNames } from './read-account-names';
export { readTeamCounts, type TeamCounts } from './read-team-counts';
export { recordMemberSighting } from './record-member-sighting';
export { checkField, essentialRule, fieldError, loadRegistrationRules } from './registration-rules';
export { requestPasswordResetEmail } from './request-password-reset-email';
export { listPhoneShares, listRecentlySeenMembers, listRegistrationBursts } from './risk-reads';
export { memberRoutes } from './routes';
export type { DeskMemberRow, DeskSearch, DeskSearchField } from './search-desk-members';
export { listMemberSightings, listPhoneLinks, listSightingLinks, searchDeskMembers } from './search-desk-members';
export type { TeamCursor, TeamSearch, TeamSearchRow } from './search-team';
export { countTeamSearch, decodeTeamCursor, searchTeam, TEAM_SEARCH_COUNT_LIMIT } from './search-team';
export { DEMO_ACCOUNTS, seedDemoAccounts, seedDemoKenyanPlayer } from './seed-demo-accounts';
export { setMemberStatus } from './set-member-status';
export { assertInSubtree } from './subtree';
export {
  countTeam,
  findDirectUpline,
  listActiveTeamMembers,
  listTeamPage,
  teamClosureRelation,
  teamIdsSql,
  treeDepthSql,
  usernameSql,
} from './team-reads';
export { isTrustedLoginIp } from './trusted-login-ips';
export type { MemberSecurityColumns } from './update-member';
export { updateMember } from './update-member';
