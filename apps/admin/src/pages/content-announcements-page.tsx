import { ADMIN_ANNOUNCEMENT_TYPES, type AdminAnnouncement, CONTENT_ADMIN_PATHS } from '@kismat/contracts/content-admin';
import { ANNOUNCEMENT_PLATFORMS, POPUP_EXECUTIONS, type PopupExecution } from '@kismat/contracts/messages';
import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { type FormEvent, useState } from 'react';
import { api } from '../api';
import { FeedbackBanner } from '../components/feedback';
import { ChoiceField } from '../components/fields';
import {
  ContentDeskSection,
  type ContentFormProps,
  LocalizedHtmlField,
  LocalizedTitleField,
  ReadOnlyNote,
  ScheduleCells,
  useContentSave,
} from './content-list';
import {
  EMPTY_TEXT,
  FormButtons,
  HtmlPreview,
  ImagePicker,
  type Language,
  LanguageTabs,
  type Localized,
  NEW_SCHEDULE,
  type Schedule,
  ScheduleFields,
  scheduleBody,
  scheduleOf,
  useContentDesk,
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

function AnnouncementForm({ code, editing, onSaved, onCancel }: ContentFormProps<AdminAnnouncement>) {
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing) : NEW_DRAFT);
  const [language, setLanguage] = useState<Language>('BN');
  const { feedback, setFeedback, isBusy, run } = useContentSave();
  const preview = useSanitisedHtml(code, draft.content);
  const schedule = scheduleBody(draft.schedule);
  const isValid = draft.title.BN.trim() !== '' && draft.platforms.length > 0 && schedule !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValid || !schedule) return;
    const body = {
      type: draft.type,
      execution: draft.type === 'PU' ? draft.execution : null,
      title: draft.title,
      content: draft.content,
      platforms: draft.platforms,
      images: draft.type === 'PR' ? draft.images : [],
      ...schedule,
    };
    await run(async () => {
      if (editing) {
        await api('PUT', merchantPath(CONTENT_ADMIN_PATHS.announcement, code, editing.id), body);
        onSaved(`Announcement #${editing.id} saved.`);
      } else {
        const saved = await api<AdminAnnouncement>('POST', merchantPath(CONTENT_ADMIN_PATHS.announcements, code), body);
        setDraft(NEW_DRAFT);
        onSaved(`${TYPE_LABELS[saved.type]} #${saved.id} published.`);
      }
    }, 'The announcement could not be saved.');
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
        <ChoiceField
          label="Kind"
          name="type"
          value={draft.type}
          options={ADMIN_ANNOUNCEMENT_TYPES}
          onChange={(type) => setDraft({ ...draft, type })}
          optionText={(type) => TYPE_LABELS[type]}
        />
        {draft.type === 'PU' ? (
          <ChoiceField
            label="Shown to"
            name="execution"
            value={draft.execution}
            options={POPUP_EXECUTIONS}
            onChange={(execution) => setDraft({ ...draft, execution })}
            optionText={(execution) => EXECUTION_LABELS[execution]}
          />
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
      <LocalizedTitleField
        label={`Title (${language})${language === 'BN' ? ' — required' : ' — empty: shows the BN text'}`}
        name="title"
        language={language}
        texts={draft.title}
        onChange={(title) => setDraft({ ...draft, title })}
      />
      <LocalizedHtmlField
        label={`Text (${language}): HTML — paragraphs, bold, lists, tables, https links and images; anything else is removed`}
        name="content"
        language={language}
        texts={draft.content}
        onChange={(content) => setDraft({ ...draft, content })}
        rows={5}
      />
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
  const desk = useContentDesk<{ items: AdminAnnouncement[] }, AdminAnnouncement>({
    me,
    code,
    listPath: CONTENT_ADMIN_PATHS.announcements,
    failure: 'The announcements could not be loaded.',
    removal: {
      itemPath: CONTENT_ADMIN_PATHS.announcement,
      confirmText: (row) => `Remove ${TYPE_LABELS[row.type].toLowerCase()} #${row.id}?`,
      removedText: (row) => `Announcement #${row.id} removed.`,
      failure: 'The announcement could not be removed.',
    },
  });

  return (
    <ContentDeskSection
      name="announcements"
      title="Announcements"
      code={code}
      desk={desk}
      form={(props) => <AnnouncementForm {...props} />}
      readOnly={<ReadOnlyNote role={me.role} />}
      filter={{
        param: 'type',
        label: 'Kind',
        anyLabel: 'All kinds',
        options: ADMIN_ANNOUNCEMENT_TYPES,
        optionText: (item) => TYPE_LABELS[item],
        valueOf: (row) => row.type,
      }}
      rows={desk.list.data?.items ?? null}
      empty="No announcements of this kind yet."
      headings={['#', 'Kind', 'Title (BN)', 'Languages', 'Platforms', 'Window', 'Status']}
      rowTestId="announcement-row"
      cells={(row) => (
        <>
          <td data-label="#">{row.id}</td>
          <td data-label="Kind">
            {TYPE_LABELS[row.type]}
            {row.execution ? <span className="muted"> · {EXECUTION_LABELS[row.execution]}</span> : null}
          </td>
          <td data-label="Title (BN)" className="comment-cell">
            {row.title.BN || '—'}
          </td>
          <td data-label="Languages">{(['BN', 'EN', 'SW'] as const).filter((item) => row.title[item] || row.content[item]).join(', ')}</td>
          <td data-label="Platforms">{row.platforms.join(', ')}</td>
          <ScheduleCells row={row} />
        </>
      )}
    />
  );
}
