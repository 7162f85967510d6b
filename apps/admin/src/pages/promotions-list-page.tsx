import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import {
  formatBasisPoints,
  OPERATOR_PROMOTION_PATHS,
  type OperatorPromotionValue,
  PROMOTION_KINDS,
  PROMOTION_STATUSES,
} from '@kismat/contracts/promotions';
import { useCallback, useState } from 'react';
import { api } from '../api';
import { ListTable, numeric } from '../components/data-table';
import { FeedbackBanner } from '../components/feedback';
import { ChoiceField, spaced } from '../components/fields';
import { useAction } from '../components/use-action';
import { useLoaded } from '../components/use-loaded';
import { formatMoney, formatTime } from '../format';
import { canManage, canMoveMoney } from '../roles';
import { PromotionsForm } from './promotions-form';

const pathOf = (template: string, id: number) => template.replace(':id', String(id));

/** Every promotion of the merchant: status, window, budget; create and edit drafts, publish, pause, end. */
export function PromotionsListPage({ me }: { me: OperatorMe }) {
  const [status, setStatus] = useState('');
  const [kind, setKind] = useState('');
  const [editing, setEditing] = useState<OperatorPromotionValue | 'new' | null>(null);
  // Admins write drafts; publishing, pausing and ending decide when money goes out (finance or admin).
  const mayManage = canManage(me);
  const mayRun = canMoveMoney(me);

  const {
    data: rows,
    error: loadError,
    reload,
  } = useLoaded(
    useCallback(async () => {
      const query = new URLSearchParams();
      if (status) query.set('status', status);
      if (kind) query.set('kind', kind);
      return (await api<{ list: OperatorPromotionValue[] }>('GET', `${OPERATOR_PROMOTION_PATHS.list}?${query.toString()}`)).list;
    }, [status, kind]),
    'The promotions could not be loaded.',
  );
  const { feedback, setFeedback, run } = useAction({ reload });

  const act = async (row: OperatorPromotionValue, action: 'publish' | 'pause' | 'end') => {
    if (action === 'end' && !window.confirm(`End "${row.title.EN}"? An ended promotion cannot be published again.`)) return;
    await run(
      () => api('POST', pathOf(OPERATOR_PROMOTION_PATHS[action], row.id), {}),
      `Promotion #${row.id} ${action === 'end' ? 'ended' : action === 'pause' ? 'paused' : 'published'}.`,
    );
  };

  if (editing)
    return (
      <PromotionsForm
        promotion={editing === 'new' ? null : editing}
        onDone={(message) => {
          setEditing(null);
          if (message) setFeedback({ tone: 'success', text: message });
          void reload();
        }}
      />
    );

  return (
    <section aria-labelledby="promotions-title">
      <div className="section-head">
        <h1 id="promotions-title">Promotions</h1>
        <div className="filters">
          <ChoiceField label="Status" value={status} options={PROMOTION_STATUSES} anyLabel="all" onChange={setStatus} />
          <ChoiceField label="Kind" value={kind} options={PROMOTION_KINDS} anyLabel="all" optionText={spaced} onChange={setKind} />
          {mayManage ? (
            <button type="button" className="button primary" onClick={() => setEditing('new')}>
              New promotion
            </button>
          ) : null}
        </div>
      </div>
      {mayManage && mayRun ? null : (
        <p className="hint">
          Your role ({me.role}) may read promotions; admins write them, finance and admins publish, pause and end them.
        </p>
      )}
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <ListTable
        error={loadError}
        rows={rows}
        empty="No promotion matches these filters."
        headings={['#', 'Promotion', 'Status', 'Window', 'Reward', numeric('Budget used'), 'Actions']}
        row={(row) => (
          <tr key={row.id} data-testid={`promotion-${row.id}`}>
            <td data-label="#">{row.id}</td>
            <td data-label="Promotion">
              <span className="stack">
                <strong>{row.title.EN}</strong>
                <span className="muted">
                  {row.kind.replace('_', ' ').toLowerCase()} · {row.claimMode.toLowerCase()} · {row.merchantCode}
                </span>
              </span>
            </td>
            <td data-label="Status">
              <span className={`pill pill-${row.status.toLowerCase()}`}>{row.status.toLowerCase()}</span>
            </td>
            <td data-label="Window">
              <span className="stack">
                <span>{formatTime(row.startsAt)}</span>
                <span className="muted">to {row.endsAt ? formatTime(row.endsAt) : 'no end'}</span>
              </span>
            </td>
            <td data-label="Reward">
              <span className="stack">
                <span>{rewardText(row)}</span>
                <span className="muted">
                  turnover {formatBasisPoints(row.turnoverMultipleBp, 'multiple')}x
                  {row.maxBet ? ` · max bet ${formatMoney(row.maxBet)}` : ''}
                </span>
              </span>
            </td>
            <td data-label="Budget used" className="num">
              {formatMoney(row.budgetUsed)}
              {row.budget ? <span className="muted"> / {formatMoney(row.budget)}</span> : null}
            </td>
            <td data-label="Actions">
              {mayManage || mayRun ? (
                <div className="actions">
                  {mayManage && (row.status === 'DRAFT' || row.status === 'PAUSED') ? (
                    <button type="button" className="button ghost" onClick={() => setEditing(row)}>
                      Edit
                    </button>
                  ) : null}
                  {mayRun && (row.status === 'DRAFT' || row.status === 'PAUSED') ? (
                    <button type="button" className="button primary" onClick={() => void act(row, 'publish')}>
                      Publish
                    </button>
                  ) : null}
                  {mayRun && row.status === 'LIVE' ? (
                    <button type="button" className="button ghost" onClick={() => void act(row, 'pause')}>
                      Pause
                    </button>
                  ) : null}
                  {mayRun && row.status !== 'ENDED' ? (
                    <button type="button" className="button danger-outline" onClick={() => void act(row, 'end')}>
                      End
                    </button>
                  ) : null}
                </div>
              ) : (
                <span className="muted">—</span>
              )}
            </td>
          </tr>
        )}
      />
    </section>
  );
}

function rewardText(row: OperatorPromotionValue): string {
  switch (row.reward.kind) {
    case 'PERCENT':
      return `${formatBasisPoints(row.reward.percentBp, 'percent')}% up to ${formatMoney(row.reward.cap)}`;
    case 'FIXED':
      return formatMoney(row.reward.amount);
    case 'PRIZE_TABLE':
      return `${row.reward.prizes.length} prizes${row.expectedPrize ? `, average ${formatMoney(row.expectedPrize)}` : ''}`;
    default:
      return '';
  }
}
