import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { OPERATOR_PROMOTION_KIND_PATHS, type operatorReferral, REFERRAL_STAGES } from '@kismat/contracts/promotion-kinds';
import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import { api, failureText } from '../api';
import { DataTable, ListStatus } from '../components/data-table';
import { type Feedback, FeedbackBanner } from '../components/feedback';
import { ReviewActions } from '../components/review-actions';
import { formatMoney, formatTime } from '../format';
import { canMoveMoney } from '../roles';

type Referral = z.infer<typeof operatorReferral>;
const pathOf = (template: string, id: number) => template.replace(':id', String(id));

const FLAG_TEXT: Record<Referral['flags'][number], string> = {
  SELF_REFERRAL: 'self-referral',
  SHARED_DEVICE: 'same device',
  SHARED_IP: 'same IP',
  SHARED_BANK_ACCOUNT: 'same bank account',
  SHARED_PHONE: 'same phone',
};

/** Invitees held for review (self-referral, shared device / IP / bank / phone): approve pays the inviter, reject closes. */
export function PromotionsReferralsPage({ me }: { me: OperatorMe }) {
  const [stage, setStage] = useState<Referral['stage']>('FLAGGED');
  const [rows, setRows] = useState<Referral[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const mayReview = canMoveMoney(me);

  const load = useCallback(async () => {
    setError(null);
    try {
      setRows((await api<{ list: Referral[] }>('GET', `${OPERATOR_PROMOTION_KIND_PATHS.referralFlags}?status=${stage}&pageSize=100`)).list);
    } catch (caught) {
      setError(failureText(caught, 'The referrals could not be loaded.'));
    }
  }, [stage]);

  useEffect(() => {
    setRows(null);
    void load();
  }, [load]);

  const act = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      setFeedback({ tone: 'success', text: success });
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The server could not be reached.') });
    }
    await load();
  };

  return (
    <section aria-labelledby="referrals-title">
      <div className="section-head">
        <h1 id="referrals-title">Referral flags</h1>
        <label className="field compact">
          <span>Stage</span>
          <select value={stage} onChange={(event) => setStage(event.target.value as Referral['stage'])}>
            {REFERRAL_STAGES.map((value) => (
              <option key={value} value={value}>
                {value.toLowerCase()}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="hint">
        An invitee who shares a device, IP, bank account or phone with the inviter (or is the inviter) is not paid until reviewed here.
      </p>
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <ListStatus error={error} rows={rows} empty={`No ${stage.toLowerCase()} invitee.`} />
      {rows && rows.length > 0 ? (
        <DataTable headings={['#', 'Inviter', 'Invitee', 'Why flagged', 'Registered', { label: 'Reward', className: 'num' }, 'Review']}>
          {rows.map((row) => (
            <tr key={row.id} data-testid={`referral-${row.id}`}>
              <td data-label="#">{row.id}</td>
              <td data-label="Inviter">
                <strong>{row.inviterName}</strong>
                <span className="muted"> · #{row.inviterId}</span>
              </td>
              <td data-label="Invitee">
                <strong>{row.inviteeName}</strong>
                <span className="muted"> · #{row.inviteeId}</span>
              </td>
              <td data-label="Why flagged">
                <span className="stack">
                  <span>{row.flags.map((flag) => FLAG_TEXT[flag]).join(', ') || '—'}</span>
                  <span className="muted mono">
                    {row.registerIp ?? ''} {row.deviceId ? `· ${row.deviceId}` : ''}
                  </span>
                </span>
              </td>
              <td data-label="Registered">{formatTime(row.registeredAt)}</td>
              <td data-label="Reward" className="num">
                {formatMoney(row.amount)}
              </td>
              <td data-label="Review">
                {row.stage === 'FLAGGED' && mayReview ? (
                  <ReviewActions
                    label={`referral #${row.id}`}
                    onApprove={() =>
                      act(
                        () => api('POST', pathOf(OPERATOR_PROMOTION_KIND_PATHS.referralApprove, row.id), {}),
                        `Referral #${row.id} approved; ${row.inviterName} is paid.`,
                      )
                    }
                    onReject={(reason) =>
                      act(
                        () => api('POST', pathOf(OPERATOR_PROMOTION_KIND_PATHS.referralReject, row.id), { reason }),
                        `Referral #${row.id} rejected.`,
                      )
                    }
                  />
                ) : (
                  <span className="stack">
                    <span className="pill">{row.stage.toLowerCase()}</span>
                    {row.reviewNote ? <span className="muted">{row.reviewNote}</span> : null}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}
