import {
  FEEDBACK_ADMIN_PATHS,
  FEEDBACK_REPLY_MAX,
  FEEDBACK_STATUSES,
  type FeedbackItem,
  type FeedbackStatus,
  QUESTION_TYPE_VALUES,
} from '@kismat/contracts/feedback';
import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { type FormEvent, useCallback, useState } from 'react';
import { api, failureText } from '../api';
import { ListTable, Pager } from '../components/data-table';
import { type Feedback, FeedbackBanner } from '../components/feedback';
import { ChoiceField, FilterForm, Options } from '../components/fields';
import { MerchantPage, useMerchants } from '../components/merchant-picker';
import { useLoaded, usePagedFilters } from '../components/use-loaded';
import { formatTime } from '../format';

/*
 * Feedback (issue 18): what members and visitors sent from the site's feedback popup, by question
 * type and status. An answer to a member lands in their inbox (a visitor has none: the answer stays
 * on the record); each answer and status change is audited by the server.
 */

const PAGE_SIZE = 20;
export const QUESTION_TYPE_LABELS: Record<number, string> = {
  1: 'Deposit',
  2: 'Withdrawal',
  3: 'Game',
  4: 'Customer service',
  6: 'Apply as agent',
  0: 'Other',
};

function pathOf(template: string, params: Record<string, string | number>): string {
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

function ReplyForm({ code, item, onDone }: { code: string; item: FeedbackItem; onDone: (item: FeedbackItem, text: string) => void }) {
  const [reply, setReply] = useState(item.reply ?? '');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    try {
      const answered = await api<FeedbackItem>('POST', pathOf(FEEDBACK_ADMIN_PATHS.reply, { code, id: item.id }), { reply: reply.trim() });
      onDone(answered, item.memberId === null ? 'Answer saved (a visitor has no inbox).' : "Answer sent to the member's inbox.");
    } catch (caught) {
      setError(failureText(caught, 'The answer could not be sent.'));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <form className="reject-form" onSubmit={(event) => void submit(event)} aria-label={`Answer feedback ${item.id}`}>
      {error ? <p className="field-error">{error}</p> : null}
      <label className="field">
        <span>
          {item.memberId === null ? 'Answer (kept on the record; visitors have no inbox)' : "Answer (goes to the member's inbox)"}
        </span>
        <textarea rows={3} maxLength={FEEDBACK_REPLY_MAX} value={reply} onChange={(event) => setReply(event.target.value)} name="reply" />
      </label>
      <button type="submit" className="button primary" disabled={isBusy || reply.trim() === ''}>
        {item.reply ? 'Send a new answer' : 'Send answer'}
      </button>
    </form>
  );
}

/** The feedback desk: filters, the list, an answer form and the status beside each row. */
export function FeedbackPage({ me }: { me: OperatorMe }) {
  const merchantList = useMerchants(me);
  const { code } = merchantList;
  const { filters, setFilters, applied, page, setPage, apply } = usePagedFilters({ type: '', status: 'NEW' as FeedbackStatus | '' });
  const [openId, setOpenId] = useState<number | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const load = useCallback(() => {
    if (!code) return Promise.resolve({ items: [] as FeedbackItem[], total: 0 });
    const query = new URLSearchParams({ page: String(page), size: String(PAGE_SIZE) });
    if (applied.type !== '') query.set('type', applied.type);
    if (applied.status !== '') query.set('status', applied.status);
    return api<{ items: FeedbackItem[]; total: number }>('GET', `${pathOf(FEEDBACK_ADMIN_PATHS.list, { code })}?${query}`);
  }, [code, page, applied]);
  const list = useLoaded(load, 'The feedback could not be loaded.', { clearOnChange: true });
  const rows = list.data?.items ?? null;

  const setStatus = async (item: FeedbackItem, status: FeedbackStatus) => {
    if (!code) return;
    try {
      await api('POST', pathOf(FEEDBACK_ADMIN_PATHS.status, { code, id: item.id }), { status });
      setFeedback({ tone: 'success', text: `Feedback #${item.id} is now ${status.toLowerCase()}.` });
      await list.reload();
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The status could not be changed.') });
    }
  };

  return (
    <MerchantPage id="feedback" title="Feedback" merchants={merchantList} testId="feedback-page">
      <FilterForm submitLabel="Show" onApply={() => apply()}>
        <label className="field compact">
          <span>Question type</span>
          <select value={filters.type} onChange={(event) => setFilters({ ...filters, type: event.target.value })} name="type">
            <option value="">Any</option>
            <Options values={QUESTION_TYPE_VALUES} text={(value) => QUESTION_TYPE_LABELS[value]} />
          </select>
        </label>
        <ChoiceField
          label="Status"
          name="status"
          value={filters.status}
          options={FEEDBACK_STATUSES}
          anyLabel="Any"
          onChange={(status) => setFilters({ ...filters, status })}
        />
      </FilterForm>
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <ListTable
        error={list.error}
        rows={rows}
        empty="No feedback matches."
        headings={['#', 'Received', 'From', 'Type', 'Message', 'Status', 'Answer', { label: '', ariaLabel: 'Actions' }]}
        row={(item) => (
          <tr key={item.id} data-testid="feedback-row">
            <td data-label="#">{item.id}</td>
            <td data-label="Received">{formatTime(item.createdAt)}</td>
            <td data-label="From">
              {item.sender || '—'}
              <span className="muted small">{item.memberId === null ? ' (visitor)' : ` (member #${item.memberId})`}</span>
            </td>
            <td data-label="Type">{QUESTION_TYPE_LABELS[item.type] ?? item.type}</td>
            <td data-label="Message" className="comment-cell">
              {item.content}
            </td>
            <td data-label="Status">
              <span className={`pill pill-${item.status.toLowerCase()}`}>{item.status.toLowerCase()}</span>
            </td>
            <td data-label="Answer" className="comment-cell">
              {item.reply ? (
                <>
                  {item.reply}
                  <span className="muted small">
                    {' '}
                    — {item.repliedBy}, {formatTime(item.repliedAt)}
                  </span>
                </>
              ) : (
                '—'
              )}
              {openId === item.id && code ? (
                <ReplyForm
                  code={code}
                  item={item}
                  onDone={(_answered, text) => {
                    setOpenId(null);
                    setFeedback({ tone: 'success', text });
                    void list.reload();
                  }}
                />
              ) : null}
            </td>
            <td data-label="Actions">
              <div className="actions">
                <button type="button" className="button ghost" onClick={() => setOpenId(openId === item.id ? null : item.id)}>
                  {openId === item.id ? 'Close' : 'Answer'}
                </button>
                {item.status !== 'CLOSED' ? (
                  <button type="button" className="button ghost" onClick={() => void setStatus(item, 'CLOSED')}>
                    Close case
                  </button>
                ) : (
                  <button type="button" className="button ghost" onClick={() => void setStatus(item, 'NEW')}>
                    Reopen
                  </button>
                )}
              </div>
            </td>
          </tr>
        )}
      />
      {list.data ? <Pager pageNo={page} pageSize={PAGE_SIZE} total={list.data.total} noun="messages" onPage={setPage} /> : null}
    </MerchantPage>
  );
}
