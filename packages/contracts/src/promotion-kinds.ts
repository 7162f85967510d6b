import { z } from 'zod';
import { envelopeOf, moneyString } from './envelope';
import { pageFields } from './paging';
import { amountInput } from './wallet';

/*
 * The promotion kinds with their own member calls (docs/promotions.md "Kinds"): the lucky red
 * envelope, the raffle (MCS2_claimRafflePromotion), invite friends and activity applications.
 * A kind's settings are the `config` of its promotion row; the schemas below parse them.
 */

export const PROMOTION_KIND_PATHS = {
  redEnvelope: '/wps/promotions/red-envelope/:promotionId',
  redEnvelopeDraw: '/wps/promotions/red-envelope/:promotionId/draw',
  redEnvelopeDraws: '/wps/promotions/red-envelope/:promotionId/draws',
  redEnvelopeVerify: '/wps/promotions/red-envelope/verify/:drawId',
  raffle: '/wps/relay/MCS2_claimRafflePromotion',
  referral: '/wps/promotions/referral',
  activityApply: '/wps/promotions/activity/:promotionId/applications',
  activityApplications: '/wps/promotions/activity/applications',
  activityImage: '/wps/promotions/activity/applications/:id/images/:index',
} as const;

export const OPERATOR_PROMOTION_KIND_PATHS = {
  applications: '/admin-api/promotions/applications',
  applicationApprove: '/admin-api/promotions/applications/:id/approve',
  applicationReject: '/admin-api/promotions/applications/:id/reject',
  applicationImage: '/admin-api/promotions/applications/:id/images/:index',
  referralFlags: '/admin-api/promotions/referral-flags',
  referralApprove: '/admin-api/promotions/referral-flags/:id/approve',
  referralReject: '/admin-api/promotions/referral-flags/:id/reject',
} as const;

// --- Kind settings (the promotion row's config) ---

/** A tier of the day's activity that earns chances: by deposit or by valid bet (one of the two). */
export const redEnvelopeTier = z
  .object({
    depositAtLeast: amountInput().optional(),
    validBetAtLeast: amountInput().optional(),
    chances: z.number().int().min(1).max(100),
  })
  .refine((tier) => (tier.depositAtLeast === undefined) !== (tier.validBetAtLeast === undefined), {
    message: 'a tier needs exactly one of depositAtLeast and validBetAtLeast',
  });

/**
 * RED_ENVELOPE: the tiers of the config; the prize table is the promotion's reward (PRIZE_TABLE,
 * its last line unlimited and the smallest: it is paid when a picked line is out of stock).
 */
export const redEnvelopeConfig = z.object({ tiers: z.array(redEnvelopeTier).min(1).max(10) });
export type RedEnvelopeConfig = z.infer<typeof redEnvelopeConfig>;

/** RAFFLE: the reward is FIXED, the period the promotion's limitPeriod (one claim per period). */
export const raffleConfig = z.object({
  /** The site day's deposits / valid bet the member needs; neither means every member may claim. */
  eligibility: z.object({ depositAtLeast: amountInput().optional(), validBetAtLeast: amountInput().optional() }).default({}),
});
export type RaffleConfig = z.infer<typeof raffleConfig>;

/** REFERRAL: the reward per qualified friend is FIXED (377.00), up to `cap` (1777.00) per inviter. */
export const referralConfig = z.object({
  cap: amountInput(),
  /** The invitee's deposits and valid bet within qualifyDays of registering. */
  minDeposit: amountInput(),
  /** 0: a deposit alone qualifies. */
  minValidBet: amountInput({ allowZero: true }),
  qualifyDays: z.number().int().min(1).max(365),
});
export type ReferralConfig = z.infer<typeof referralConfig>;

export const activityConfig = z
  .object({ minAmount: amountInput(), maxAmount: amountInput() })
  .refine((config) => config.maxAmount >= config.minAmount, { message: 'max below min', path: ['maxAmount'] });
export type ActivityConfig = z.infer<typeof activityConfig>;

// --- Red envelope ---

export const promotionIdParams = z.object({ promotionId: z.coerce.number().int().positive() });
export const idParams = z.object({ id: z.coerce.number().int().positive() });
export const drawIdParams = z.object({ drawId: z.coerce.number().int().positive() });
export const imageParams = z.object({ id: z.coerce.number().int().positive(), index: z.coerce.number().int().min(0).max(2) });

/** The client seed comes from the browser (crypto.getRandomValues); the key makes a retried tap one draw. */
export const redEnvelopeDrawBody = z.object({
  clientSeed: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\x21-\x7e]+$/),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_:-]{8,100}$/),
});

export const redEnvelopeDraw = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  periodKey: z.string(),
  amount: moneyString,
  prizeIndex: z.number().int(),
  /** The prize the roll landed on, before stock (differs from prizeIndex when it was out of stock). */
  pickedIndex: z.number().int(),
  isStockOut: z.boolean(),
  roll: z.number().int(),
  totalWeight: z.number().int(),
  weights: z.array(z.number().int()),
  commitment: z.string(),
  serverSeed: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  createdAt: z.string(),
});
export type RedEnvelopeDraw = z.infer<typeof redEnvelopeDraw>;

export const redEnvelopeDrawResult = redEnvelopeDraw.extend({ nextCommitment: z.string() });
export const redEnvelopeDrawResponse = envelopeOf(redEnvelopeDrawResult);

export const redEnvelopeState = z.object({
  promotionId: z.number().int(),
  title: z.string(),
  periodKey: z.string(),
  chances: z.object({ earned: z.number().int(), used: z.number().int(), left: z.number().int() }),
  tally: z.object({ deposit: moneyString, validBet: moneyString }),
  tiers: z.array(
    z.object({
      depositAtLeast: moneyString.nullable(),
      validBetAtLeast: moneyString.nullable(),
      chances: z.number().int(),
      isMet: z.boolean(),
    }),
  ),
  prizes: z.array(
    z.object({
      index: z.number().int(),
      amount: moneyString,
      weight: z.number().int(),
      chancePpm: z.number().int(),
      stockLeft: z.number().int().nullable(),
    }),
  ),
  maxPrize: moneyString,
  expectedCostPerDraw: moneyString,
  /** SHA-256 of the server seed of the member's next draw: note it before drawing. */
  commitment: z.string(),
  nextNonce: z.number().int(),
});
export const redEnvelopeStateResponse = envelopeOf(redEnvelopeState);

export const pageQuery = z.object({
  ...pageFields({ maxPageNo: null }),
});
export const redEnvelopeDrawsResponse = envelopeOf(z.object({ list: z.array(redEnvelopeDraw), total: z.number().int() }));
export const redEnvelopeVerifyResponse = envelopeOf(redEnvelopeDraw);

// --- Raffle: MCS2_claimRafflePromotion ---

export const raffleClaimBody = z.object({ promotionId: z.coerce.number().int().positive() });
export const raffleItem = z.object({
  promotionId: z.number().int(),
  title: z.string(),
  amount: moneyString,
  period: z.enum(['NONE', 'DAY', 'WEEK', 'MONTH']),
  periodKey: z.string(),
  isEligible: z.boolean(),
  isClaimed: z.boolean(),
  /** What is still missing today ("0.00" when met). */
  need: z.object({ deposit: moneyString, validBet: moneyString }),
});
export const raffleListResponse = envelopeOf(z.object({ list: z.array(raffleItem) }));
export const raffleClaimResponse = envelopeOf(
  z.object({ promotionId: z.number().int(), periodKey: z.string(), amount: moneyString, claimedAt: z.string() }),
);

// --- Invite friends ---

export const REFERRAL_STAGES = ['REGISTERED', 'QUALIFIED', 'FLAGGED', 'REJECTED', 'EXPIRED', 'CAPPED'] as const;
export type ReferralStage = (typeof REFERRAL_STAGES)[number];
export const REFERRAL_FLAGS = ['SELF_REFERRAL', 'SHARED_DEVICE', 'SHARED_IP', 'SHARED_BANK_ACCOUNT', 'SHARED_PHONE'] as const;
export type ReferralFlag = (typeof REFERRAL_FLAGS)[number];

export const referralInvitee = z.object({
  id: z.number().int(),
  name: z.string(),
  registeredAt: z.string(),
  stage: z.enum(REFERRAL_STAGES),
  amount: moneyString,
  qualifyBy: z.string(),
});
export const referralState = z.object({
  isEnabled: z.boolean(),
  promotionId: z.number().int().nullable(),
  code: z.string(),
  /** The register page with ?referralCode= at the site's public origin; the web draws it as a QR code (qrcode). */
  link: z.string(),
  rewardAmount: moneyString,
  cap: moneyString,
  earned: moneyString,
  minDeposit: moneyString,
  minValidBet: moneyString,
  qualifyDays: z.number().int(),
  invitees: z.array(referralInvitee),
});
export const referralStateResponse = envelopeOf(referralState);

export const operatorReferralQuery = z.object({ status: z.enum(REFERRAL_STAGES).default('FLAGGED'), ...pageQuery.shape });
export const operatorReferral = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  inviterId: z.number().int(),
  inviterName: z.string(),
  inviteeId: z.number().int(),
  inviteeName: z.string(),
  stage: z.enum(REFERRAL_STAGES),
  flags: z.array(z.enum(REFERRAL_FLAGS)),
  registerIp: z.string().nullable(),
  deviceId: z.string().nullable(),
  amount: moneyString,
  registeredAt: z.string(),
  qualifiedAt: z.string().nullable(),
  reviewNote: z.string().nullable(),
  reviewedBy: z.string().nullable(),
});
export const operatorReferralsResponse = envelopeOf(z.object({ list: z.array(operatorReferral), total: z.number().int() }));
export const operatorReferralResponse = envelopeOf(operatorReferral);
export const operatorReasonBody = z.object({ reason: z.string().trim().min(3).max(200) });

// --- Activity applications ---

export const ACTIVITY_COMMENT_MAX = 140;
export const ACTIVITY_IMAGES_MAX = 3;
export const ACTIVITY_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const APPLICATION_STATUSES = ['APPLYING', 'ISSUED', 'REJECTED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The text part of the multipart form (files go in the `images` field). */
export const activityCommentField = z.string().trim().min(1).max(ACTIVITY_COMMENT_MAX);

export const activityApplication = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  title: z.string(),
  comment: z.string(),
  imageCount: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  amount: moneyString.nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export const activityApplicationResponse = envelopeOf(activityApplication);
export const activityApplicationsResponse = envelopeOf(z.object({ list: z.array(activityApplication) }));

export const operatorApplicationQuery = z.object({ status: z.enum(APPLICATION_STATUSES).default('APPLYING'), ...pageQuery.shape });
export const operatorApplication = activityApplication.extend({
  memberId: z.number().int(),
  memberName: z.string(),
  minAmount: moneyString,
  maxAmount: moneyString,
  reviewedBy: z.string().nullable(),
});
export const operatorApplicationsResponse = envelopeOf(z.object({ list: z.array(operatorApplication), total: z.number().int() }));
export const operatorApplicationResponse = envelopeOf(operatorApplication);
export const operatorApproveApplicationBody = z.object({ amount: amountInput() });
