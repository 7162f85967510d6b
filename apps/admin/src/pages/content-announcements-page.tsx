import { ADMIN_ANNOUNCEMENT_TYPES, type AdminAnnouncement, CONTENT_ADMIN_PATHS } from '@kismat/contracts/content-admin';
import { ANNOUNCEMENT_PLATFORMS, POPUP_EXECUTIONS, type PopupExecution } from '@kismat/contracts/messages';
import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { type FormEvent, useMemo, useState } from 'react';
import { api, failureText } from '../api';
import { DataTable, ListStatus } from '../components/data-table';
import { type Feedback, FeedbackBanner } from '../components/feedback';
import { formatTime } from '../format';
import {
  EditRemoveActions,
  EMPTY_TEXT,
  FormButtons,
  HtmlPreview,
  ImagePicker,
  type Language,
  LanguageTabs,
  LiveBadge,
  type Localized,
  NEW_SCHEDULE,
  type Schedule,
  ScheduleFields,
  scheduleBody,
  scheduleOf,
  useContentDesk,
  useRemoveRow,
  useSanitisedHtml,
} from './content-shared';
import { merchantPath } from './loyalty-hub';

/*
 * Announcements (issue 19, "Content"): player notices (PL: the marquee and notice popup), popups
 * (PU) for logged-in members (A), visitors (B) or a member's first login (F), promotions (PR, with
 * images) and headlines (H, pinned). BN is required; EN and SW fall back to it when left empty.
 */

type AnnouncementType = (typeof ADMIN_ANNOUNCEMENT_TYPES)[number];
const TYPE_LABELS: Record<AnnouncementType, string> = {
  PL: 'Notice (marquee)',
  PU: 'Popup',
  PR: 'Promotion',
  H: 'Headline (pinned)',
};
const EXECUTION_LABELS: Record<PopupExecution, string> = { A: 'Logged-in members', B: 'Visitors', F: 'A member’s first login' };

interface Draft {
  type: AnnouncementType;
  execution: PopupExecution;
  title: Localized;
  content: Localized;
  platforms: string[];
  images: string[];
  schedule: Schedule;
}
const NEW_DRAFT: Draft = {
  type: 'PL',
  execution: 'A',
  title: EMPTY_TEXT,
  content: EMPTY_TEXT,
  platforms: ['W', 'H5', 'APP'],
  images: [],
  schedule: NEW_SCHEDULE,
};

function draftOf(row: AdminAnnouncement): Draft {
  return {
    type: row.type,
    execution: row.execution ?? 'A',
    title: row.title,
    content: row.content,
    platforms: row.platforms,
    images: row.images,
    schedule: scheduleOf(row),
  };
}

function AnnouncementForm({
  code,
  editing,
  onSaved,
  onCancel,
}: {
  code: string;
  editing: AdminAnnouncement | null;
  onSaved: (text: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing) : NEW_DRAFT);
  const [language, setLanguage] = useState<Language>('BN');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const preview = useSanitisedHtml(code, draft.content);
  const schedule = scheduleBody(draft.schedule);
  const isValid = draft.title.BN.trim() !== '' && draft.platforms.length > 0 && schedule !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValid || !schedule) return;
    setIsBusy(true);
    setFeedback(null);
    const body = {
      type: draft.type,
      execution: draft.type === 'PU' ? draft.execution : null,
      title: draft.title,
      content: draft.content,
      platforms: draft.platforms,
      images: draft.type === 'PR' ? draft.images : [],
      ...schedule,
    };
    try {
      if (editing) {
        await api('PUT', merchantPath(CONTENT_ADMIN_PATHS.announcement, code, editing.id), body);
        onSaved(`Announcement #${editing.id} saved.`);
      } else {
        const saved = await api<AdminAnnouncement>('POST', merchantPath(CONTENT_ADMIN_PATHS.announcements, code), body);
        setDraft(NEW_DRAFT);
        onSaved(`${TYPE_LABELS[saved.type]} #${saved.id} published.`);
      }
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The announcement could not be saved.') });
    } finally {
      setIsBusy(false);
    }
  };

  const togglePlatform = (platform: string) =>
    setDraft((old) => ({
      ...old,
      platforms: old.platforms.includes(platform) ? old.platforms.filter((item) => item !== platform) : [...old.platforms, platform],
    }));

  return (
    <form className="card form" onSubmit={(event) => void submit(event)} aria-label="Announcement" data-testid="announcement-form">
      <h2 className="small">{editing ? `Edit announcement #${editing.id}` : 'Publish an announcement'}</h2>
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <div className="field-row">
        <label className="field compact">
          <span>Kind</span>
          <select value={draft.type} onChange={(event) => setDraft({ ...draft, type: event.target.value as AnnouncementType })} name="type">
            {ADMIN_ANNOUNCEMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </label>
        {draft.type === 'PU' ? (
          <label className="field compact">
            <span>Shown to</span>
            <select
              value={draft.execution}
              onChange={(event) => setDraft({ ...draft, execution: event.target.value as PopupExecution })}
              name="execution"
            >
              {POPUP_EXECUTIONS.map((execution) => (
                <option key={execution} value={execution}>
                  {EXECUTION_LABELS[execution]}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <fieldset className="field compact">
          <legend>Platforms</legend>
          {ANNOUNCEMENT_PLATFORMS.map((platform) => (
            <label key={platform} className="choice">
              <input type="checkbox" checked={draft.platforms.includes(platform)} onChange={() => togglePlatform(platform)} />
              <span>{platform === 'W' ? 'Web' : platform}</span>
            </label>
          ))}
        </fieldset>
      </div>
      <LanguageTabs
        language={language}
        onChoose={setLanguage}
        filled={(item) => draft.title[item].trim() !== '' || draft.content[item].trim() !== ''}
      />
      <label className="field">
        <span>
          Title ({language}){language === 'BN' ? ' — required' : ' — empty: shows the BN text'}
        </span>
        <input
          value={draft.title[language]}
          maxLength={120}
          onChange={(event) => setDraft({ ...draft, title: { ...draft.title, [language]: event.target.value } })}
          name={`title-${language}`}
        />
      </label>
      <label className="field">
        <span>Text ({language}): HTML — paragraphs, bold, lists, tables, https links and images; anything else is removed</span>
        <textarea
          rows={5}
          value={draft.content[language]}
          onChange={(event) => setDraft({ ...draft, content: { ...draft.content, [language]: event.target.value } })}
          name={`content-${language}`}
        />
      </label>
      {draft.type === 'PR' ? (
        <div className="field">
          <span>Promotion images (up to 5)</span>
          <div className="image-strip">
            {draft.images.map((url) => (
              <span key={url} className="image-chip">
                <img src={url} alt="" className="content-thumb" />
                <button
                  type="button"
                  className="button ghost"
                  onClick={() => setDraft({ ...draft, images: draft.images.filter((item) => item !== url) })}
                >
                  Remove
                </button>
              </span>
            ))}
          </div>
          {draft.images.length < 5 ? (
            <ImagePicker
              code={code}
              url={null}
              onChange={(url) => (url ? setDraft((old) => ({ ...old, images: [...old.images, url] })) : undefined)}
              onError={(message) => setFeedback({ tone: 'error', text: message })}
              label="Add an image (PNG, JPEG or WebP up to 1 MB)"
            />
          ) : null}
        </div>
      ) : null}
      <h3 className="small">Preview: what the site shows</h3>
      <HtmlPreview titles={draft.title} html={preview} testId="announcement-preview" />
      <ScheduleFields schedule={draft.schedule} onChange={(next) => setDraft({ ...draft, schedule: next })} />
      <FormButtons
        submitText={editing ? 'Save' : 'Publish'}
        isDisabled={!isValid || isBusy}
        isEditing={editing !== null}
        onCancel={onCancel}
      />
    </form>
  );
}

export function ContentAnnouncementsPage({ me, code }: { me: OperatorMe; code: string }) {
  const { list, editing, setEditing, feedback, setFeedback, mayEdit, saved } = useContentDesk<
    { items: AdminAnnouncement[] },
    AdminAnnouncement
  >({
    me,
    code,
    listPath: CONTENT_ADMIN_PATHS.announcements,
    failure: 'The announcements could not be loaded.',
  });
  const [type, setType] = useState(() => new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('type') ?? '');
  const rows = useMemo(() => list.data?.items.filter((row) => !type || row.type === type) ?? null, [list.data, type]);

  const chooseType = (next: string) => {
    setType(next);
    window.history.replaceState(null, '', `#/content/announcements${next ? `?type=${next}` : ''}`);
  };

  const remove = useRemoveRow<AdminAnnouncement>({
    itemPath: CONTENT_ADMIN_PATHS.announcement,
    code,
    reload: list.reload,
    setFeedback,
    confirmText: (row) => `Remove ${TYPE_LABELS[row.type].toLowerCase()} #${row.id}?`,
    removedText: (row) => `Announcement #${row.id} removed.`,
    failure: 'The announcement could not be removed.',
  });

  return (
    <section aria-labelledby="announcements-title" data-testid="content-announcements">
      <h2 id="announcements-title">Announcements</h2>
      {mayEdit ? (
        <AnnouncementForm key={editing?.id ?? 'new'} code={code} editing={editing} onSaved={saved} onCancel={() => setEditing(null)} />
      ) : (
        <p className="muted">Your role ({me.role}) may read content; an admin publishes it.</p>
      )}
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <div className="filters">
        <label className="field compact">
          <span>Kind</span>
          <select value={type} onChange={(event) => chooseType(event.target.value)} name="filter-type">
            <option value="">All kinds</option>
            {ADMIN_ANNOUNCEMENT_TYPES.map((item) => (
              <option key={item} value={item}>
                {TYPE_LABELS[item]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ListStatus error={list.error} rows={rows} empty="No announcements of this kind yet." />
      {rows && rows.length > 0 ? (
        <DataTable
          headings={['#', 'Kind', 'Title (BN)', 'Languages', 'Platforms', 'Window', 'Status', { label: '', ariaLabel: 'Actions' }]}
        >
          {rows.map((row) => (
            <tr key={row.id} data-testid="announcement-row">
              <td data-label="#">{row.id}</td>
              <td data-label="Kind">
                {TYPE_LABELS[row.type]}
                {row.execution ? <span className="muted"> · {EXECUTION_LABELS[row.execution]}</span> : null}
              </td>
              <td data-label="Title (BN)" className="comment-cell">
                {row.title.BN || '—'}
              </td>
              <td data-label="Languages">
                {(['BN', 'EN', 'SW'] as const).filter((item) => row.title[item] || row.content[item]).join(', ')}
              </td>
              <td data-label="Platforms">{row.platforms.join(', ')}</td>
              <td data-label="Window">
                {formatTime(row.startsAt)} → {row.endsAt ? formatTime(row.endsAt) : '∞'}
              </td>
              <td data-label="Status">
                <LiveBadge isLive={row.isLive} isActive={row.isActive} />
              </td>
              <EditRemoveActions mayEdit={mayEdit} onEdit={() => setEditing(row)} onRemove={() => void remove(row)} />
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}
