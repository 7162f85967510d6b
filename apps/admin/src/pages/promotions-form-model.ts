import type { OperatorPromotionValue, PromotionKind } from '@kismat/contracts/promotions';
import { fromLocalInput, toLocalInput } from '../format';

/*
 * The promotion editor's state: every field as the text the operator typed, turned into the
 * API body on save. Amounts stay decimal strings (the server parses them to minor units);
 * percentages and multiples become integer basis points by string arithmetic, never floats.
 */

export const LANGUAGE_CODES = ['BN', 'EN', 'SW'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export type Texts = Record<LanguageCode, string>;

export interface PrizeRow {
  amount: string;
  weight: string;
  /** Empty: no stock limit (the last prize must have none). */
  stock: string;
}

export interface ContributionRow {
  gameType: string;
  percent: string;
}

export interface PromotionDraft {
  kind: PromotionKind;
  claimMode: 'AUTOMATIC' | 'CLAIM' | 'APPLICATION';
  title: Texts;
  body: Texts;
  imageUrl: string;
  startsAt: string;
  endsAt: string;
  audienceKind: 'ALL' | 'NEW_MEMBERS' | 'VIP_LEVELS' | 'AGENT_DOWNLINES';
  audienceDays: string;
  audienceList: string;
  rewardKind: 'PERCENT' | 'FIXED' | 'PRIZE_TABLE';
  percent: string;
  cap: string;
  fixedAmount: string;
  prizes: PrizeRow[];
  minDeposit: string;
  turnoverMultiple: string;
  contributions: ContributionRow[];
  maxBet: string;
  expiryDays: string;
  perMemberLimit: string;
  limitPeriod: 'NONE' | 'DAY' | 'WEEK' | 'MONTH';
  budget: string;
  sortOrder: string;
  /** Kind settings (red envelope tiers, raffle, referral, activity), as typed. */
  config: Record<string, string>;
  tiers: { type: 'deposit' | 'validBet'; amount: string; chances: string }[];
}

export const AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
const DECIMAL_2 = /^(\d{1,7})(?:\.(\d{1,2}))?$/;

/** "70" -> 7000, "12.5" -> 1250 (percent to basis points); "10" -> 100000 (multiple to basis points). */
export function toBasisPoints(text: string, unit: 'percent' | 'multiple'): number | null {
  const match = DECIMAL_2.exec(text.trim());
  if (!match) return null;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return unit === 'percent' ? hundredths : hundredths * 100;
}

export function isAmount(text: string): boolean {
  return AMOUNT_PATTERN.test(text.trim());
}

export const DEFAULT_PRIZES: PrizeRow[] = [
  { amount: '7777.00', weight: '1', stock: '1' },
  { amount: '377.00', weight: '99', stock: '100' },
  { amount: '7.00', weight: '900', stock: '' },
];

export function emptyDraft(): PromotionDraft {
  const now = new Date();
  return {
    kind: 'FIRST_DEPOSIT',
    claimMode: 'AUTOMATIC',
    title: { BN: '', EN: '', SW: '' },
    body: { BN: '', EN: '', SW: '' },
    imageUrl: '',
    startsAt: toLocalInput(now.toISOString()),
    endsAt: '',
    audienceKind: 'ALL',
    audienceDays: '7',
    audienceList: '',
    rewardKind: 'PERCENT',
    percent: '70',
    cap: '7000.00',
    fixedAmount: '',
    prizes: DEFAULT_PRIZES,
    minDeposit: '500.00',
    turnoverMultiple: '10',
    contributions: [],
    maxBet: '',
    expiryDays: '30',
    perMemberLimit: '1',
    limitPeriod: 'NONE',
    budget: '',
    sortOrder: '0',
    config: {},
    tiers: [{ type: 'deposit', amount: '500.00', chances: '1' }],
  };
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** The editor's state for an existing promotion. */
export function draftOf(promotion: OperatorPromotionValue): PromotionDraft {
  const draft = emptyDraft();
  const config = promotion.config as Record<string, unknown>;
  const reward = promotion.reward;
  const tiers = Array.isArray(config.tiers)
    ? (config.tiers as { depositAtLeast?: unknown; validBetAtLeast?: unknown; chances: unknown }[])
    : null;
  const flatConfig: Record<string, string> = {};
  for (const [key, value] of Object.entries(config)) if (typeof value !== 'object' || value === null) flatConfig[key] = text(value);
  const eligibility = (config.eligibility ?? {}) as Record<string, unknown>;
  if (eligibility.depositAtLeast !== undefined) flatConfig.eligibilityDeposit = text(eligibility.depositAtLeast);
  if (eligibility.validBetAtLeast !== undefined) flatConfig.eligibilityBet = text(eligibility.validBetAtLeast);
  return {
    ...draft,
    kind: promotion.kind,
    claimMode: promotion.claimMode,
    title: { ...promotion.title },
    body: { ...promotion.body },
    imageUrl: promotion.imageUrl ?? '',
    startsAt: toLocalInput(promotion.startsAt),
    endsAt: toLocalInput(promotion.endsAt),
    audienceKind: promotion.audience.kind,
    audienceDays: promotion.audience.kind === 'NEW_MEMBERS' ? String(promotion.audience.days) : draft.audienceDays,
    audienceList:
      promotion.audience.kind === 'VIP_LEVELS'
        ? promotion.audience.levels.join(', ')
        : promotion.audience.kind === 'AGENT_DOWNLINES'
          ? promotion.audience.agentIds.join(', ')
          : '',
    rewardKind: reward.kind,
    percent: reward.kind === 'PERCENT' ? String(reward.percentBp / 100) : draft.percent,
    cap: reward.kind === 'PERCENT' ? reward.cap : draft.cap,
    fixedAmount: reward.kind === 'FIXED' ? reward.amount : '',
    prizes:
      reward.kind === 'PRIZE_TABLE'
        ? reward.prizes.map((prize) => ({ amount: prize.amount, weight: String(prize.weight), stock: text(prize.stockPerPeriod) }))
        : draft.prizes,
    minDeposit: promotion.minDeposit ?? '',
    turnoverMultiple: String(promotion.turnoverMultipleBp / 10_000),
    contributions: Object.entries(promotion.contributions).map(([gameType, percent]) => ({ gameType, percent: String(percent) })),
    maxBet: promotion.maxBet ?? '',
    expiryDays: text(promotion.expiryDays),
    perMemberLimit: String(promotion.perMemberLimit),
    limitPeriod: promotion.limitPeriod,
    budget: promotion.budget ?? '',
    sortOrder: String(promotion.sortOrder),
    config: flatConfig,
    tiers: tiers
      ? tiers.map((tier) =>
          tier.depositAtLeast !== undefined && tier.depositAtLeast !== null
            ? { type: 'deposit' as const, amount: text(tier.depositAtLeast), chances: text(tier.chances) }
            : { type: 'validBet' as const, amount: text(tier.validBetAtLeast), chances: text(tier.chances) },
        )
      : draft.tiers,
  };
}

const optionalAmount = (value: string) => (value.trim() === '' ? null : value.trim());
const numberList = (value: string) =>
  value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);

/** The kind's config object from what was typed (the prize table and the fixed amounts are the reward rule). */
export function configOf(draft: PromotionDraft): Record<string, unknown> {
  const value = (key: string) => (draft.config[key] ?? '').trim();
  switch (draft.kind) {
    case 'RED_ENVELOPE':
      return {
        tiers: draft.tiers.map((tier) =>
          tier.type === 'deposit'
            ? { depositAtLeast: tier.amount.trim(), chances: Number(tier.chances) }
            : { validBetAtLeast: tier.amount.trim(), chances: Number(tier.chances) },
        ),
      };
    case 'RAFFLE':
      return {
        eligibility: {
          ...(value('eligibilityDeposit') ? { depositAtLeast: value('eligibilityDeposit') } : {}),
          ...(value('eligibilityBet') ? { validBetAtLeast: value('eligibilityBet') } : {}),
        },
      };
    case 'REFERRAL':
      return {
        cap: value('cap'),
        minDeposit: value('minDeposit'),
        minValidBet: value('minValidBet'),
        qualifyDays: Number(value('qualifyDays') || '0'),
      };
    case 'ACTIVITY':
      return { minAmount: value('minAmount'), maxAmount: value('maxAmount') };
    default:
      return {};
  }
}

/** The body of a create or update call, or the list of what to fix first. */
export function bodyOf(draft: PromotionDraft): { body: Record<string, unknown> } | { problems: string[] } {
  const problems: string[] = [];
  for (const language of LANGUAGE_CODES) {
    if (!draft.title[language].trim()) problems.push(`Title (${language}) is empty.`);
    if (!draft.body[language].trim()) problems.push(`Body (${language}) is empty.`);
  }
  const startsAt = fromLocalInput(draft.startsAt);
  if (!startsAt) problems.push('Choose when the promotion starts.');
  const endsAt = fromLocalInput(draft.endsAt);
  if (startsAt && endsAt && endsAt <= startsAt) problems.push('The end must come after the start.');
  const turnoverBp = toBasisPoints(draft.turnoverMultiple, 'multiple');
  if (turnoverBp === null) problems.push('Turnover multiple: a number such as 10 or 1.5.');
  let reward: Record<string, unknown>;
  if (draft.rewardKind === 'PERCENT') {
    const percentBp = toBasisPoints(draft.percent, 'percent');
    if (percentBp === null || percentBp < 1) problems.push('Percent: a number such as 70.');
    if (!isAmount(draft.cap)) problems.push('Cap: an amount such as 7000.00.');
    reward = { kind: 'PERCENT', percentBp, cap: draft.cap.trim() };
  } else if (draft.rewardKind === 'FIXED') {
    if (!isAmount(draft.fixedAmount)) problems.push('Fixed amount: an amount such as 377.00.');
    reward = { kind: 'FIXED', amount: draft.fixedAmount.trim() };
  } else {
    if (draft.prizes.some((prize) => !isAmount(prize.amount) || !/^\d+$/.test(prize.weight) || Number(prize.weight) < 1)) {
      problems.push('Every prize needs an amount and a whole weight of at least 1.');
    }
    if (draft.prizes.at(-1)?.stock.trim()) problems.push('The last prize is the fallback: leave its stock empty (no limit).');
    reward = {
      kind: 'PRIZE_TABLE',
      prizes: draft.prizes.map((prize) => ({
        amount: prize.amount.trim(),
        weight: Number(prize.weight),
        stockPerPeriod: prize.stock.trim() === '' ? null : Number(prize.stock),
      })),
    };
  }
  for (const [label, value] of [
    ['Minimum deposit', draft.minDeposit],
    ['Max bet', draft.maxBet],
    ['Budget', draft.budget],
  ] as const) {
    if (value.trim() !== '' && !isAmount(value)) problems.push(`${label}: an amount such as 100.00, or empty.`);
  }
  const audience =
    draft.audienceKind === 'ALL'
      ? { kind: 'ALL' }
      : draft.audienceKind === 'NEW_MEMBERS'
        ? { kind: 'NEW_MEMBERS', days: Number(draft.audienceDays) }
        : draft.audienceKind === 'VIP_LEVELS'
          ? { kind: 'VIP_LEVELS', levels: numberList(draft.audienceList) }
          : { kind: 'AGENT_DOWNLINES', agentIds: numberList(draft.audienceList) };
  const contributions: Record<string, number> = {};
  for (const row of draft.contributions) {
    if (!row.gameType.trim()) continue;
    contributions[row.gameType.trim().toUpperCase()] = Number(row.percent);
  }
  if (problems.length > 0) return { problems };
  return {
    body: {
      kind: draft.kind,
      title: draft.title,
      body: draft.body,
      imageUrl: draft.imageUrl.trim() || null,
      startsAt,
      endsAt,
      audience,
      claimMode: draft.claimMode,
      reward,
      minDeposit: optionalAmount(draft.minDeposit),
      turnoverMultipleBp: turnoverBp,
      contributions,
      maxBet: optionalAmount(draft.maxBet),
      expiryDays: draft.expiryDays.trim() === '' ? null : Number(draft.expiryDays),
      perMemberLimit: Number(draft.perMemberLimit || '1'),
      limitPeriod: draft.limitPeriod,
      budget: optionalAmount(draft.budget),
      config: configOf(draft),
      sortOrder: Number(draft.sortOrder || '0'),
    },
  };
}
