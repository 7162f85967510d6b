import {
  RG_SELF_EXCLUSION_DURATIONS,
  RG_TIME_OUT_DURATIONS,
  type RgExclusion,
  type RgSelfExclusionDuration,
  type RgTimeOutDuration,
} from '@kismat/contracts/responsible-gambling';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/form-errors';
import { useFormatDateTime } from '@/lib/format-date';
import { useSessionStore } from '@/stores/session-store';
import { useToastStore } from '@/stores/toast-store';
import { useReturnToPlay } from '../api/return-to-play';
import { type BreakRequest, useTakeBreak } from '../api/take-break';
import styles from './safer.module.css';

/**
 * One way to take a break (`id`: time-out or self-exclusion): its card, the durations to choose
 * from (`initial` chosen first) and the button that asks for the confirmation of the one chosen.
 */
function BreakCard<Value extends RgTimeOutDuration | RgSelfExclusionDuration>({
  id,
  isDanger = false,
  title,
  text,
  values,
  initial,
  actionText,
  onRequest,
}: {
  id: string;
  isDanger?: boolean;
  title: string;
  text: string;
  values: readonly Value[];
  initial: Value;
  actionText: string;
  onRequest: (duration: Value) => void;
}) {
  const { t } = useTranslation('safer');
  const name = `${useId()}-${id}`;
  const [value, setValue] = useState<Value>(initial);
  return (
    <section className={isDanger ? `${styles.card} ${styles.danger}` : styles.card} aria-labelledby={`${id}-title`} data-testid={id}>
      <h3 id={`${id}-title`} className={styles.cardTitle}>
        {title}
      </h3>
      <p className={styles.cardHint}>{text}</p>
      <fieldset className={`${blocks.wrapList} ${styles.choices}`} aria-label={t('break.choose')}>
        {values.map((item) => (
          <label key={item} className={styles.choice}>
            <input type="radio" name={name} value={item} checked={item === value} onChange={() => setValue(item)} />
            <span className={styles.choiceText}>{t(`break.durations.${item}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className={styles.actions}>
        <Button variant="outline" onClick={() => onRequest(value)}>
          {actionText}
        </Button>
      </div>
    </section>
  );
}

/**
 * The second step: what is about to happen, that it cannot be undone, the member's username typed
 * out and "I understand" ticked; only then is the call made. The server ends every session.
 */
function ConfirmBreakDialog({ request, onClose }: { request: BreakRequest; onClose: () => void }) {
  const { t } = useTranslation('safer');
  const username = useSessionStore((state) => state.account ?? state.nickname ?? '');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const showToast = useToastStore((state) => state.show);
  const takeBreak = useTakeBreak();
  const [typed, setTyped] = useState('');
  const [isUnderstood, setIsUnderstood] = useState(false);
  const [isTouched, setIsTouched] = useState(false);
  const isMatch = typed.trim().toLowerCase() === username.toLowerCase() && username !== '';
  const duration = t(`break.durations.${request.duration}`);
  const statement =
    request.kind === 'TIME_OUT'
      ? t('break.confirmTimeOut', { duration })
      : request.duration === 'PERMANENT'
        ? t('break.confirmPermanent')
        : t('break.confirmSelfExclusion', { duration });

  const confirm = () => {
    setIsTouched(true);
    if (!isMatch || !isUnderstood) return;
    takeBreak.mutate(request, {
      onSuccess: () => {
        // Every session was revoked on the server: the local one ends too, and the member's data goes.
        useSessionStore.getState().signOut();
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === 'member' });
        onClose();
        void navigate('/');
        showToast({ tone: 'info', text: t('break.done') });
      },
    });
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('break.confirmTitle')} width={480} height={260}>
      <div className={styles.dialogBody} data-testid="break-confirm">
        <p className={styles.bannerTitle}>{statement}</p>
        <p className={styles.dangerNote}>{t('break.cannotUndo')}</p>
        <TextField
          label={t('break.typeToConfirm', { username })}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={isTouched && !isMatch ? t('break.typeMismatch') : undefined}
        />
        <Checkbox checked={isUnderstood} onChange={(event) => setIsUnderstood(event.target.checked)}>
          {t('break.understand')}
        </Checkbox>
        <FormError message={takeBreak.error ? errorMessage(takeBreak.error, t('loadFailed')) : null} />
        <div className={styles.dialogActions}>
          <Button variant="ghost" onClick={onClose}>
            {t('break.back')}
          </Button>
          <Button disabled={!isMatch || !isUnderstood || takeBreak.isPending} aria-busy={takeBreak.isPending} onClick={confirm}>
            {t('break.confirmButton')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function ActiveExclusion({ exclusion }: { exclusion: RgExclusion }) {
  const { t } = useTranslation('safer');
  const formatWhen = useFormatDateTime();
  const returnToPlay = useReturnToPlay();
  const canReturn =
    exclusion.returnRequestedAt === null && exclusion.returnAvailableAt !== null && Date.parse(exclusion.returnAvailableAt) <= Date.now();
  const title =
    exclusion.endsAt === null
      ? t('break.activePermanent')
      : exclusion.kind === 'TIME_OUT'
        ? t('break.activeTimeOut', { when: formatWhen(exclusion.endsAt) })
        : t('break.activeSelfExclusion', { when: formatWhen(exclusion.endsAt) });
  return (
    <div className={styles.banner} data-testid="active-exclusion">
      <p className={styles.bannerTitle}>{title}</p>
      {exclusion.returnEffectiveAt ? (
        <p>{t('break.returnRequested', { when: formatWhen(exclusion.returnEffectiveAt) })}</p>
      ) : canReturn ? (
        <>
          <p>{t('break.returnAvailable')}</p>
          <div className={styles.actions}>
            <Button size="small" disabled={returnToPlay.isPending} onClick={() => returnToPlay.mutate()}>
              {t('break.returnButton')}
            </Button>
          </div>
        </>
      ) : exclusion.returnAvailableAt ? (
        <p>{t('break.returnFrom', { when: formatWhen(exclusion.returnAvailableAt) })}</p>
      ) : null}
      <FormError message={returnToPlay.error ? errorMessage(returnToPlay.error, t('loadFailed')) : null} />
    </div>
  );
}

/** Time-out (24 h to 6 weeks) and self-exclusion (6 months to permanent), each with a two-step confirmation. */
export function BreakPanel({ exclusion }: { exclusion: RgExclusion | null }) {
  const { t } = useTranslation('safer');
  const [request, setRequest] = useState<BreakRequest | null>(null);
  return (
    <>
      {exclusion ? <ActiveExclusion exclusion={exclusion} /> : null}
      <div className={styles.grid}>
        <BreakCard
          id="time-out"
          title={t('break.timeOutTitle')}
          text={t('break.timeOutText')}
          values={RG_TIME_OUT_DURATIONS}
          initial="24H"
          actionText={t('break.takeTimeOut')}
          onRequest={(duration) => setRequest({ kind: 'TIME_OUT', duration })}
        />
        <BreakCard
          id="self-exclusion"
          isDanger
          title={t('break.selfExclusionTitle')}
          text={t('break.selfExclusionText')}
          values={RG_SELF_EXCLUSION_DURATIONS}
          initial="6M"
          actionText={t('break.selfExclude')}
          onRequest={(duration) => setRequest({ kind: 'SELF_EXCLUSION', duration })}
        />
      </div>
      {request ? <ConfirmBreakDialog request={request} onClose={() => setRequest(null)} /> : null}
    </>
  );
}
