import { CAMPAIGN_TITLE_MAX, type CampaignAudienceInput, type CampaignValue, INBOX_ADMIN_PATHS } from '@kismat/contracts/inbox-admin';
import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api, failureText } from '../api';
import { ListTable } from '../components/data-table';
import { type Feedback, FeedbackBanner } from '../components/feedback';
import { MerchantPage, useMerchants } from '../components/merchant-picker';
import { useLoaded } from '../components/use-loaded';
import { formatTime, fromLocalInput } from '../format';
import { LANGUAGE_LABELS, LANGUAGES, type Language, LanguageTabs, useSanitised } from './content-shared';

/*
 * Messages (issue 18): an operator message to one member, a segment (VIP levels, an agent's team,
 * members registered in the last N days) or everyone, in BN, EN and SW. The HTML is sanitised by
 * the server's allow-list; the preview shows, per language, exactly what members will receive.
 * Sent now or at a time; the list shows each campaign's status and how many received it.
 */

type Content = Record<Language, { title: string; html: string }>;
type AudienceType = CampaignAudienceInput['type'];

const AUDIENCE_LABELS: Record<AudienceType, string> = {
  MEMBER: 'One member',
  VIP: 'VIP levels',
  AGENT_TEAM: "An agent's team",
  NEW_MEMBERS: 'New members',
  EVERYONE: 'Everyone',
};
const EMPTY: Content = { BN: { title: '', html: '' }, EN: { title: '', html: '' }, SW: { title: '', html: '' } };

function pathOf(template: string, params: Record<string, string | number>): string {
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

export function audienceText(audience: CampaignValue['audience']): string {
  if (audience.type === 'MEMBER') return `Member ${audience.username ?? ''}`;
  if (audience.type === 'AGENT_TEAM') return `Team of ${audience.username ?? ''}`;
  if (audience.type === 'VIP') return `VIP ${(audience.ranks ?? []).join(', ')}`;
  if (audience.type === 'NEW_MEMBERS') return `Registered in the last ${audience.days ?? 0} days`;
  return 'Everyone';
}

/** The server's sanitised result of the draft, fetched a moment after typing stops. */
function useSanitisedPreview(code: string | null, content: Content) {
  return useSanitised(code ? pathOf(INBOX_ADMIN_PATHS.preview, { code }) : null, 'content', content);
}

function Composer({ code, onSent }: { code: string; onSent: (campaign: CampaignValue) => void }) {
  const [audienceType, setAudienceType] = useState<AudienceType>('EVERYONE');
  const [username, setUsername] = useState('');
  const [ranks, setRanks] = useState('');
  const [days, setDays] = useState('7');
  const [content, setContent] = useState<Content>(EMPTY);
  const [language, setLanguage] = useState<Language>('BN');
  const [isScheduled, setIsScheduled] = useState(false);
  const [sendAt, setSendAt] = useState('');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const preview = useSanitisedPreview(code, content);

  const audience = (): CampaignAudienceInput | null => {
    if (audienceType === 'MEMBER' || audienceType === 'AGENT_TEAM')
      return username.trim() ? { type: audienceType, username: username.trim() } : null;
    if (audienceType === 'VIP') {
      const list = ranks
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      return list.length > 0 && list.every((rank) => Number.isInteger(rank) && rank >= 1) ? { type: 'VIP', ranks: list } : null;
    }
    if (audienceType === 'NEW_MEMBERS')
      return /^\d{1,3}$/.test(days) && Number(days) >= 1 ? { type: 'NEW_MEMBERS', days: Number(days) } : null;
    return { type: 'EVERYONE' };
  };
  const chosen = audience();
  const isValid = chosen !== null && content.BN.title.trim() !== '' && (!isScheduled || sendAt !== '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || !isValid) return;
    setIsBusy(true);
    setFeedback(null);
    try {
      const when = isScheduled ? fromLocalInput(sendAt) : null;
      const sent = await api<CampaignValue>('POST', pathOf(INBOX_ADMIN_PATHS.campaigns, { code }), {
        audience: chosen,
        content,
        ...(when ? { sendAt: when } : {}),
      });
      setFeedback({ tone: 'success', text: when ? `Scheduled for ${formatTime(sent.sendAt)}.` : 'Sending now.' });
      setContent(EMPTY);
      onSent(sent);
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The message could not be sent.') });
    } finally {
      setIsBusy(false);
    }
  };

  const edit = (patch: Partial<{ title: string; html: string }>) =>
    setContent((old) => ({ ...old, [language]: { ...old[language], ...patch } }));

  return (
    <form className="card form" onSubmit={(event) => void submit(event)} aria-label="Compose a message" data-testid="message-composer">
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <fieldset className="audience">
        <legend>Audience</legend>
        <label className="field compact">
          <span>Send to</span>
          <select value={audienceType} onChange={(event) => setAudienceType(event.target.value as AudienceType)} name="audience">
            {Object.entries(AUDIENCE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {audienceType === 'MEMBER' || audienceType === 'AGENT_TEAM' ? (
          <label className="field compact">
            <span>{audienceType === 'MEMBER' ? 'Member username' : 'Agent username'}</span>
            <input value={username} onChange={(event) => setUsername(event.target.value)} name="username" autoComplete="off" />
          </label>
        ) : null}
        {audienceType === 'VIP' ? (
          <label className="field compact">
            <span>VIP levels (e.g. 2, 3)</span>
            <input value={ranks} onChange={(event) => setRanks(event.target.value)} name="ranks" inputMode="numeric" />
          </label>
        ) : null}
        {audienceType === 'NEW_MEMBERS' ? (
          <label className="field compact">
            <span>Registered in the last (days)</span>
            <input value={days} onChange={(event) => setDays(event.target.value)} name="days" inputMode="numeric" />
          </label>
        ) : null}
      </fieldset>

      <LanguageTabs language={language} onChoose={setLanguage} filled={(item) => content[item].title !== ''} />
      <label className="field">
        <span>
          Title ({language}){language === 'BN' ? ' — required' : ' — empty: members see the BN message'}
        </span>
        <input
          value={content[language].title}
          maxLength={CAMPAIGN_TITLE_MAX}
          onChange={(event) => edit({ title: event.target.value })}
          name={`title-${language}`}
        />
      </label>
      <label className="field">
        <span>
          Message ({language}): HTML — paragraphs, bold, italic, lists, links (https) and images (https); anything else is removed
        </span>
        <textarea
          rows={6}
          value={content[language].html}
          onChange={(event) => edit({ html: event.target.value })}
          name={`html-${language}`}
        />
      </label>

      <h2 className="small">Preview: what members receive</h2>
      <div className="preview-grid" data-testid="message-preview">
        {LANGUAGES.map((item) => {
          const shown = preview[item] ?? (item === 'BN' ? undefined : preview.BN);
          const isFallback = item !== 'BN' && !preview[item];
          return (
            <article key={item} className="preview-card" data-language={item}>
              <span className="muted">
                {LANGUAGE_LABELS[item]}
                {isFallback ? ' (shows BN)' : ''}
              </span>
              <h3>{shown?.title || '—'}</h3>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's allow-list sanitiser produced this HTML (preview call). */}
              <div className="preview-html" dangerouslySetInnerHTML={{ __html: shown?.html ?? '' }} />
            </article>
          );
        })}
      </div>

      <div className="send-row">
        <label className="choice">
          <input type="radio" name="when" checked={!isScheduled} onChange={() => setIsScheduled(false)} />
          <span>Send now</span>
        </label>
        <label className="choice">
          <input type="radio" name="when" checked={isScheduled} onChange={() => setIsScheduled(true)} />
          <span>Schedule</span>
        </label>
        {isScheduled ? (
          <label className="field compact">
            <span>Send at (your time)</span>
            <input type="datetime-local" value={sendAt} onChange={(event) => setSendAt(event.target.value)} name="sendAt" />
          </label>
        ) : null}
        <button type="submit" className="button primary" disabled={!isValid || isBusy}>
          {isScheduled ? 'Schedule message' : 'Send message'}
        </button>
      </div>
    </form>
  );
}

/** The Messages page: the composer above the merchant's campaigns. */
export function MessagesPage({ me }: { me: OperatorMe }) {
  const merchantList = useMerchants(me);
  const { code } = merchantList;
  const load = useCallback(
    () => (code ? api<{ items: CampaignValue[] }>('GET', pathOf(INBOX_ADMIN_PATHS.campaigns, { code })) : Promise.resolve({ items: [] })),
    [code],
  );
  const campaigns = useLoaded(load, 'The messages could not be loaded.');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const rows = campaigns.data?.items ?? null;
  const isSending = rows?.some((row) => row.status === 'SENDING' || row.status === 'SCHEDULED') ?? false;

  // While a campaign is scheduled or going out, its delivered count is read again every few seconds.
  useEffect(() => {
    if (!isSending) return;
    const timer = setInterval(() => void campaigns.reload(), 3000);
    return () => clearInterval(timer);
  }, [isSending, campaigns.reload]);

  const cancel = async (campaign: CampaignValue) => {
    if (!code) return;
    try {
      await api('POST', pathOf(INBOX_ADMIN_PATHS.campaignCancel, { code, id: campaign.id }));
      setFeedback({ tone: 'success', text: `Message #${campaign.id} cancelled.` });
      await campaigns.reload();
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The message could not be cancelled.') });
    }
  };

  return (
    <MerchantPage id="messages" title="Messages" merchants={merchantList} testId="messages-page">
      {code ? <Composer code={code} onSent={() => void campaigns.reload()} /> : null}
      <h2>Sent and scheduled</h2>
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <ListTable
        error={campaigns.error}
        rows={rows}
        empty="No messages yet."
        headings={['#', 'Title (BN)', 'Audience', 'Languages', 'Send at', 'Status', 'Delivered', 'By', { label: '', ariaLabel: 'Actions' }]}
        row={(row) => (
          <tr key={row.id} data-testid="campaign-row">
            <td data-label="#">{row.id}</td>
            <td data-label="Title (BN)" className="comment-cell">
              {row.content.BN?.title ?? '—'}
            </td>
            <td data-label="Audience">{audienceText(row.audience)}</td>
            <td data-label="Languages">{Object.keys(row.content).join(', ')}</td>
            <td data-label="Send at">{formatTime(row.sendAt)}</td>
            <td data-label="Status">
              <span className={`pill pill-${row.status.toLowerCase()}`} data-testid="campaign-status">
                {row.status.toLowerCase()}
              </span>
            </td>
            <td data-label="Delivered" className="num" data-testid="campaign-delivered">
              {row.delivered}
            </td>
            <td data-label="By">{row.operatorName ?? '—'}</td>
            <td data-label="Actions">
              {row.status === 'SCHEDULED' ? (
                <button type="button" className="button ghost" onClick={() => void cancel(row)}>
                  Cancel
                </button>
              ) : null}
            </td>
          </tr>
        )}
      />
    </MerchantPage>
  );
}
