import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { OPERATOR_PROMOTION_KIND_PATHS, type operatorReferral, REFERRAL_STAGES } from '@kismat/contracts/promotion-kinds';
import type { z } from 'zod';
import { api } from '../api';
import { ListTable, MoneyCell, numeric } from '../components/data-table';
import { FeedbackBanner } from '../components/feedback';
import { ChoiceField, MemberCell } from '../components/fields';
import { Page } from '../components/page';
import { ReviewActions } from '../components/review-actions';
import { useStatusQueue } from '../components/use-action';
import { formatTime } from '../format';
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
  const mayReview = canMoveMoney(me);
  const {
    status: stage,
    setStatus: setStage,
    rows,
    error,
    feedback,
    setFeedback,
    run: act,
  } = useStatusQueue<Referral, Referral['stage']>(
    OPERATOR_PROMOTION_KIND_PATHS.referralFlags,
    'FLAGGED',
    'The referrals could not be loaded.',
  );

  return (
    <Page
      id="referrals"
      title="Referral flags"
      actions={<ChoiceField label="Stage" value={stage} options={REFERRAL_STAGES} onChange={setStage} />}
    >
      <p className="hint">
        An invitee who shares a device, IP, bank account or phone with the inviter (or is the inviter) is not paid until reviewed here.
      </p>
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <ListTable
        error={error}
        rows={rows}
        empty={`No ${stage.toLowerCase()} invitee.`}
        headings={['#', 'Inviter', 'Invitee', 'Why flagged', 'Registered', numeric('Reward'), 'Review']}
        row={(row) => (
          <tr key={row.id} data-testid={`referral-${row.id}`}>
            <td data-label="#">{row.id}</td>
            <MemberCell label="Inviter" name={row.inviterName} id={row.inviterId} />
            <MemberCell label="Invitee" name={row.inviteeName} id={row.inviteeId} />
            <td data-label="Why flagged">
              <span className="stack">
                <span>{row.flags.map((flag) => FLAG_TEXT[flag]).join(', ') || '—'}</span>
                <span className="muted mono">
                  {row.registerIp ?? ''} {row.deviceId ? `· ${row.deviceId}` : ''}
                </span>
              </span>
            </td>
            <td data-label="Registered">{formatTime(row.registeredAt)}</td>
            <MoneyCell label="Reward" amount={row.amount} />
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
        )}
      />
    </Page>
  );
}
