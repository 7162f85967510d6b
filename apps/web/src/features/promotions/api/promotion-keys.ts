import type { Language } from '@kismat/contracts/languages';

/** Query keys of the promotions feature; mutations invalidate through these. */
export const promotionKeys = {
  all: ['promotions'] as const,
  list: (language: Language, isMember: boolean) => ['promotions', 'list', language, isMember] as const,
  detail: (id: number, language: Language, isMember: boolean) => ['promotions', 'detail', id, language, isMember] as const,
  announcements: (language: Language) => ['promotions', 'announcements', language] as const,
  bonusDetails: ['promotions', 'bonus-details'] as const,
  rewardCenter: ['promotions', 'reward-center'] as const,
  referral: ['promotions', 'referral'] as const,
  redEnvelope: (promotionId: number) => ['promotions', 'red-envelope', promotionId] as const,
  redEnvelopeDraws: (promotionId: number) => ['promotions', 'red-envelope', promotionId, 'draws'] as const,
  raffles: ['promotions', 'raffles'] as const,
  applications: ['promotions', 'applications'] as const,
};
