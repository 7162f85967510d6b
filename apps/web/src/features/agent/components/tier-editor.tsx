import type { ContractType } from '@kismat/contracts/agent';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { normalizeAmountInput, toLatinDigits } from '@/lib/digits';
import type { TierDraft, TierProblem } from '../utils/contract-tiers';
import styles from './agent-pages.module.css';

export const MAX_TIERS = 20;

interface TierEditorProps {
  type: ContractType;
  isFixed: boolean;
  tiers: TierDraft[];
  onChange: (tiers: TierDraft[]) => void;
  problems: readonly TierProblem[];
}

/** Tiers of rate (or fixed amount), period valid bet and active members. */
export function TierEditor({ type, isFixed, tiers, onChange, problems }: TierEditorProps) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<TierDraft>) =>
    onChange(tiers.map((tier, at) => (at === index ? { ...tier, ...patch } : tier)));
  const problemText = (problem: TierProblem): string => {
    switch (problem.reason) {
      case 'invalid':
        return t(`agentCentre.tiers.invalid.${problem.field}`);
      case 'duplicate':
        return t('agentCentre.tiers.duplicate');
      case 'noUplineContract':
        return t('agentCentre.tiers.noUplineContract');
      case 'kindMismatch':
        return t('agentCentre.tiers.kindMismatch');
      case 'aboveUpline':
        return problem.kind === 'rate'
          ? t('agentCentre.tiers.aboveUplineRate', { limit: problem.limit })
          : t('agentCentre.tiers.aboveUplineFixed', { limit: problem.limit });
    }
  };
  const betLabel = type === 'DIVIDEND' ? t('agentCentre.tiers.periodValidBet') : t('agentCentre.tiers.betAmount');
  return (
    <div className={styles.tiers}>
      {tiers.map((tier, index) => {
        const tierProblems = problems.filter((problem) => problem.index === index);
        const has = (field: TierProblem['field']) => tierProblems.some((problem) => problem.field === field) || undefined;
        const label = (name: string) => `${name} (${t('agentCentre.tiers.tier', { number: index + 1 })})`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: tiers have no identity beyond their position
          <div key={index} className={styles.tier} data-testid="tier-row">
            <label className={styles.tierField} data-invalid={has('minValidBet')}>
              {betLabel}
              <input
                inputMode="decimal"
                value={tier.minValidBet}
                aria-label={label(betLabel)}
                onChange={(event) => update(index, { minValidBet: normalizeAmountInput(event.target.value) })}
              />
            </label>
            <label className={styles.tierField} data-invalid={has('minActiveMembers')}>
              {t('agentCentre.tiers.activeMembers')}
              <input
                inputMode="numeric"
                value={tier.minActiveMembers}
                aria-label={label(t('agentCentre.tiers.activeMembers'))}
                onChange={(event) => update(index, { minActiveMembers: toLatinDigits(event.target.value) })}
              />
            </label>
            <label className={styles.tierField} data-invalid={has('pay')}>
              {isFixed ? t('agentCentre.tiers.fixedAmount') : t('agentCentre.tiers.rate')}
              <input
                inputMode="decimal"
                value={tier.pay}
                aria-label={label(isFixed ? t('agentCentre.tiers.fixedAmount') : t('agentCentre.tiers.rate'))}
                onChange={(event) => update(index, { pay: normalizeAmountInput(event.target.value) })}
              />
            </label>
            <Button
              variant="ghost"
              size="small"
              isIconOnly
              onClick={() => onChange(tiers.filter((_, at) => at !== index))}
              disabled={tiers.length <= 1}
              aria-label={t('agentCentre.tiers.remove', { number: index + 1 })}
              className={styles.tierRemove}
            >
              <Icon name="trash" size={16} />
            </Button>
            {tierProblems.map((problem) => (
              <p key={`${problem.field}-${problem.reason}`} className={styles.tierError} role="alert">
                {problemText(problem)}
              </p>
            ))}
          </div>
        );
      })}
      {tiers.length < MAX_TIERS ? (
        <div>
          <Button variant="outline" size="small" onClick={() => onChange([...tiers, { minValidBet: '', minActiveMembers: '0', pay: '' }])}>
            <Icon name="userPlus" size={14} />
            {t('agentCentre.tiers.add')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
