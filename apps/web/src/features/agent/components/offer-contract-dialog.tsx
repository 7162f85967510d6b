import { type ContractType, DIVIDEND_PERIODS } from '@kismat/contracts/agent';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useLanguage } from '@/stores/language-store';
import { useOfferContract } from '../api/offer-contract';
import { useMyContracts } from '../api/process-my-contract';
import type { ContractTerms } from '../api/types';
import { draftsFromTerms, type TierDraft, type TierProblem, toTierInputs, validateTiers } from '../utils/contract-tiers';
import { formatMoney, formatRate } from '../utils/format';
import styles from './agent-pages.module.css';
import { TierEditor } from './tier-editor';

interface OfferContractDialogProps {
  isOpen: boolean;
  onClose: () => void;
  memberId: number;
  username: string;
  /** Contract types this agent holds (menu flags); the first is preselected. */
  types: readonly ContractType[];
  initialType?: ContractType;
  onOffered?: () => void;
}

/** Offer a contract to a direct downline: tiers never above the agent's own terms (checked here and by the server). */
export function OfferContractDialog({ isOpen, onClose, memberId, username, types, initialType, onOffered }: OfferContractDialogProps) {
  const { t } = useTranslation();
  const [type, setType] = useState<ContractType>(initialType ?? types[0] ?? 'DAILY_SALARY');
  const mine = useMyContracts(type, isOpen);
  const upline: ContractTerms | null = mine.data?.active?.terms ?? null;
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('agentCentre.offer.title', { username })} width={640} height={320}>
      <div className={styles.stack}>
        <SelectField label={t('agentCentre.offer.type')} value={type} onChange={(event) => setType(event.target.value as ContractType)}>
          {types.map((option) => (
            <option key={option} value={option}>
              {t(`agentCentre.contractTypes.${option}`)}
            </option>
          ))}
        </SelectField>
        {mine.isLoading ? (
          <Spinner label={t('common.loading')} isCentered />
        ) : (
          <OfferForm
            key={`${type}-${mine.data?.active?.id ?? 'none'}`}
            type={type}
            upline={upline}
            memberId={memberId}
            onCancel={onClose}
            onOffered={() => {
              onOffered?.();
              onClose();
            }}
          />
        )}
      </div>
    </Dialog>
  );
}

function OfferForm({
  type,
  upline,
  memberId,
  onCancel,
  onOffered,
}: {
  type: ContractType;
  upline: ContractTerms | null;
  memberId: number;
  onCancel: () => void;
  onOffered: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const isFixed = upline ? upline.tiers.some((tier) => tier.fixedAmount !== null) : false;
  const [tiers, setTiers] = useState<TierDraft[]>(() => draftsFromTerms(upline));
  const [period, setPeriod] = useState<string>(upline?.period ?? 'WEEKLY');
  const [problems, setProblems] = useState<TierProblem[]>([]);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const offer = useOfferContract();
  const inputs = useMemo(() => toTierInputs(tiers, isFixed), [tiers, isFixed]);
  // Once the agent has tried to send, problems follow each keystroke.
  useEffect(() => {
    if (isSubmitted) setProblems(validateTiers(inputs, upline));
  }, [inputs, upline, isSubmitted]);

  const submit = () => {
    setIsSubmitted(true);
    const found = validateTiers(inputs, upline);
    setProblems(found);
    if (found.length > 0 || !upline) return;
    offer.mutate(
      {
        memberId,
        type,
        terms: {
          period: type === 'DIVIDEND' ? (period as ContractTerms['period']) : upline.period,
          basis: upline.basis,
          activeMemberMinBet: upline.activeMemberMinBet,
          tiers: inputs,
        },
      },
      { onSuccess: onOffered },
    );
  };

  return (
    <>
      {upline ? (
        <div className={styles.ceiling} data-testid="upline-ceiling">
          <strong>{t('agentCentre.offer.ceilingTitle')}</strong>{' '}
          {upline.tiers
            .map((tier) =>
              t('agentCentre.offer.ceilingTier', {
                bet: formatMoney(tier.minValidBet, language),
                members: tier.minActiveMembers,
                pay: tier.rateBps !== null ? formatRate(tier.rateBps, language) : formatMoney(tier.fixedAmount, language),
              }),
            )
            .join(' · ')}
        </div>
      ) : (
        <p className={styles.error} role="alert">
          {t('agentCentre.offer.noOwnContract')}
        </p>
      )}
      {type === 'DIVIDEND' ? (
        <SelectField label={t('agentCentre.offer.period')} value={period} onChange={(event) => setPeriod(event.target.value)}>
          {DIVIDEND_PERIODS.map((option) => (
            <option key={option} value={option}>
              {t(`agentCentre.periods.${option}`)}
            </option>
          ))}
        </SelectField>
      ) : (
        <p className={styles.muted}>
          {t('agentCentre.offer.fixedPeriod', { period: t(`agentCentre.periods.${upline?.period ?? 'DAILY'}`) })}
        </p>
      )}
      <TierEditor type={type} isFixed={isFixed} tiers={tiers} onChange={setTiers} problems={problems} />
      {offer.error ? (
        <p className={styles.error} role="alert">
          {offer.error instanceof ApiError ? offer.error.message : t('agentCentre.actionFailed')}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <Button variant="ghost" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} disabled={!upline || offer.isPending} aria-busy={offer.isPending || undefined}>
          {t('agentCentre.offer.submit')}
        </Button>
      </div>
    </>
  );
}
