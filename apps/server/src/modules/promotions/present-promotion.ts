import type { Language } from '@kismat/contracts/languages';
import { formatBasisPoints, type OperatorPromotionValue, type RequirementValue, type RewardRuleOutput } from '@kismat/contracts/promotions';
import { formatAmount } from '@kismat/contracts/wallet';
import type { PromotionRewardRule, PromotionRow, TurnoverRequirementRow } from '../../db/schema/promotions';
import { textIn } from './promotion-queries';
import { expectedPrizeOf, largestOf } from './promotion-rules';

/** Stored rule (minor units as strings) -> wire rule (two-decimal strings). */
export function presentReward(rule: PromotionRewardRule): RewardRuleOutput {
  if (rule.kind === 'FIXED') return { kind: 'FIXED', amount: formatAmount(BigInt(rule.amount)) };
  if (rule.kind === 'PERCENT') return { kind: 'PERCENT', percentBp: rule.percentBp, cap: formatAmount(BigInt(rule.cap)) };
  return {
    kind: 'PRIZE_TABLE',
    prizes: rule.prizes.map((prize) => ({
      amount: formatAmount(BigInt(prize.amount)),
      weight: prize.weight,
      stockPerPeriod: prize.stockPerPeriod,
    })),
  };
}

const money = (amount: bigint | null) => (amount === null ? null : formatAmount(amount));

export function presentOperatorPromotion(row: PromotionRow, merchantCode: string): OperatorPromotionValue {
  const reward = row.reward;
  return {
    id: row.id,
    merchantCode,
    kind: row.kind as OperatorPromotionValue['kind'],
    status: row.status as OperatorPromotionValue['status'],
    title: row.title,
    body: row.body,
    imageUrl: row.imageUrl,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    audience: row.audience,
    claimMode: row.claimMode as OperatorPromotionValue['claimMode'],
    reward: presentReward(reward),
    minDeposit: money(row.minDeposit),
    turnoverMultipleBp: row.turnoverMultipleBp,
    contributions: row.contributions,
    maxBet: money(row.maxBet),
    expiryDays: row.expiryDays,
    perMemberLimit: row.perMemberLimit,
    limitPeriod: row.limitPeriod as OperatorPromotionValue['limitPeriod'],
    budget: money(row.budget),
    budgetUsed: formatAmount(row.budgetUsed),
    config: row.config,
    sortOrder: row.sortOrder,
    expectedPrize:
      reward.kind === 'PRIZE_TABLE'
        ? formatAmount(expectedPrizeOf(reward.prizes.map((prize) => ({ amount: BigInt(prize.amount), weight: prize.weight }))))
        : null,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentRequirement(row: TurnoverRequirementRow, title: string | null): RequirementValue {
  const left = row.status === 'ACTIVE' ? row.required - row.done : 0n;
  return {
    id: row.id,
    memberId: row.memberId,
    source: row.source as RequirementValue['source'],
    sourceId: row.sourceId,
    promotionId: row.promotionId,
    title,
    amount: formatAmount(row.amountBasis),
    required: formatAmount(row.required),
    done: formatAmount(row.done),
    left: formatAmount(left),
    status: row.status as RequirementValue['status'],
    maxBet: money(row.maxBet),
    contributions: row.contributions,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

type Phrases = {
  percent: (percent: string, cap: string) => string;
  fixed: (amount: string) => string;
  prizes: (max: string) => string;
  minDeposit: (amount: string) => string;
  turnover: (multiple: string) => string;
  noTurnover: string;
  maxBet: (amount: string) => string;
  expiry: (days: number) => string;
  limit: Record<string, (count: number) => string>;
  counts: (list: string) => string;
  window: (from: string, to: string | null) => string;
};

const PHRASES: Record<Language, Phrases> = {
  BN: {
    percent: (percent, cap) => `বোনাস: জমার ${percent}%, সর্বোচ্চ ${cap}`,
    fixed: (amount) => `বোনাস: ${amount}`,
    prizes: (max) => `পুরস্কার: সর্বোচ্চ ${max}`,
    minDeposit: (amount) => `সর্বনিম্ন জমা: ${amount}`,
    turnover: (multiple) => `উত্তোলনের আগে বোনাসের ${multiple} গুণ টার্নওভার (বৈধ বাজি)`,
    noTurnover: 'কোনো টার্নওভারের শর্ত নেই',
    maxBet: (amount) => `বোনাস সক্রিয় থাকাকালীন সর্বোচ্চ বাজি: ${amount}`,
    expiry: (days) => `বোনাস ও টার্নওভার ${days} দিন পর মেয়াদোত্তীর্ণ হয়`,
    limit: {
      NONE: (count) => `প্রতি সদস্য ${count} বার`,
      DAY: (count) => `প্রতিদিন ${count} বার`,
      WEEK: (count) => `প্রতি সপ্তাহে ${count} বার`,
      MONTH: (count) => `প্রতি মাসে ${count} বার`,
    },
    counts: (list) => `যে খেলা গণনা হয়: ${list}`,
    window: (from, to) => (to ? `সময়: ${from} থেকে ${to}` : `শুরু: ${from}`),
  },
  EN: {
    percent: (percent, cap) => `Bonus: ${percent}% of the deposit, up to ${cap}`,
    fixed: (amount) => `Bonus: ${amount}`,
    prizes: (max) => `Prizes up to ${max}`,
    minDeposit: (amount) => `Minimum deposit: ${amount}`,
    turnover: (multiple) => `Turnover (valid bets) of ${multiple}x the bonus before withdrawal`,
    noTurnover: 'No turnover requirement',
    maxBet: (amount) => `Maximum bet while the bonus is active: ${amount}`,
    expiry: (days) => `The bonus and its turnover expire after ${days} days`,
    limit: {
      NONE: (count) => `${count} time(s) per member`,
      DAY: (count) => `${count} time(s) a day`,
      WEEK: (count) => `${count} time(s) a week`,
      MONTH: (count) => `${count} time(s) a month`,
    },
    counts: (list) => `Games that count: ${list}`,
    window: (from, to) => (to ? `From ${from} to ${to}` : `From ${from}`),
  },
  SW: {
    percent: (percent, cap) => `Bonasi: ${percent}% ya amana, hadi ${cap}`,
    fixed: (amount) => `Bonasi: ${amount}`,
    prizes: (max) => `Zawadi hadi ${max}`,
    minDeposit: (amount) => `Amana ya chini: ${amount}`,
    turnover: (multiple) => `Mzunguko (dau halali) wa mara ${multiple} ya bonasi kabla ya kutoa pesa`,
    noTurnover: 'Hakuna sharti la mzunguko',
    maxBet: (amount) => `Dau la juu bonasi ikiwa hai: ${amount}`,
    expiry: (days) => `Bonasi na mzunguko wake huisha baada ya siku ${days}`,
    limit: {
      NONE: (count) => `Mara ${count} kwa kila mwanachama`,
      DAY: (count) => `Mara ${count} kwa siku`,
      WEEK: (count) => `Mara ${count} kwa wiki`,
      MONTH: (count) => `Mara ${count} kwa mwezi`,
    },
    counts: (list) => `Michezo inayohesabiwa: ${list}`,
    window: (from, to) => (to ? `Kuanzia ${from} hadi ${to}` : `Kuanzia ${from}`),
  },
};

/** The promotion's rules as sentences in the language (member detail and the operator's preview). */
export function rulesOf(row: PromotionRow, language: Language): string[] {
  const phrases = PHRASES[language];
  const rules: string[] = [];
  const reward = row.reward;
  if (reward.kind === 'PERCENT')
    rules.push(phrases.percent(formatBasisPoints(reward.percentBp, 'percent'), formatAmount(BigInt(reward.cap))));
  else if (reward.kind === 'FIXED') rules.push(phrases.fixed(formatAmount(BigInt(reward.amount))));
  else {
    rules.push(phrases.prizes(formatAmount(largestOf(reward.prizes.map((prize) => BigInt(prize.amount))))));
  }
  if (row.minDeposit !== null) rules.push(phrases.minDeposit(formatAmount(row.minDeposit)));
  rules.push(row.turnoverMultipleBp > 0 ? phrases.turnover(formatBasisPoints(row.turnoverMultipleBp, 'multiple')) : phrases.noTurnover);
  if (row.maxBet !== null) rules.push(phrases.maxBet(formatAmount(row.maxBet)));
  if (row.expiryDays !== null) rules.push(phrases.expiry(row.expiryDays));
  rules.push(phrases.limit[row.limitPeriod]?.(row.perMemberLimit) ?? '');
  const counted = Object.entries(row.contributions);
  if (counted.length > 0)
    rules.push(phrases.counts(counted.map(([type, percent]) => `${type === '*' ? '*' : type} ${percent}%`).join(', ')));
  rules.push(phrases.window(row.startsAt.toISOString().slice(0, 10), row.endsAt?.toISOString().slice(0, 10) ?? null));
  return rules.filter((rule) => rule.length > 0);
}

/** Title, body and rules in each language: what members will see. */
export function previewOf(row: PromotionRow) {
  const one = (language: Language) => ({
    title: textIn(row.title, language),
    body: textIn(row.body, language),
    rules: rulesOf(row, language),
  });
  return { BN: one('BN'), EN: one('EN'), SW: one('SW') };
}
