import { type AdminBanner, BANNER_GROUP_NAMES, CONTENT_ADMIN_PATHS } from '@kismat/contracts/content-admin';
import { BANNER_LINKAGE_TYPES, type BannerLinkageType } from '@kismat/contracts/messages';
import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { type FormEvent, useState } from 'react';
import { api } from '../api';
import { FeedbackBanner } from '../components/feedback';
import { ChoiceField } from '../components/fields';
import { ContentDeskSection, type ContentFormProps, ReadOnlyNote, ScheduleCells, useContentSave } from './content-list';
import {
  FormButtons,
  ImagePicker,
  LANGUAGE_LABELS,
  NEW_SCHEDULE,
  type Schedule,
  ScheduleFields,
  scheduleBody,
  scheduleOf,
  useContentDesk,
} from './content-shared';
import { merchantPath } from './loyalty-hub';

/*
 * Banners by group (issue 19, "Content"): the home carousel, the promotion video strip, the login,
 * register and forgot-password dialogs per language, the left menu. A banner is published in
 * BN, EN and SW at once (one row per language, each with its own title drawn as art unless an
 * image is uploaded) or once for every language; the site shows it at its next page load.
 */

const TEXT_KEYS = ['BN', 'EN', 'SW', 'ALL'] as const;
type TextKey = (typeof TEXT_KEYS)[number];
type Texts = Record<TextKey, { title: string; subtitle: string }>;
const EMPTY_TEXTS: Texts = {
  BN: { title: '', subtitle: '' },
  EN: { title: '', subtitle: '' },
  SW: { title: '', subtitle: '' },
  ALL: { title: '', subtitle: '' },
};
const KEY_LABELS: Record<TextKey, string> = { ...LANGUAGE_LABELS, ALL: 'Every language' };

const GROUP_LABELS: Record<string, string> = {
  w_home: 'Home carousel',
  w_promotion: 'Promotion video strip',
  w_register: 'Register page',
  w_forget: 'Forgot password',
  w_leftmenu: 'Left menu',
};
const groupLabel = (group: string) => {
  const perLanguage = /^w_(login|reg)_(BN|EN|SW)$/.exec(group);
  if (perLanguage) return `${perLanguage[1] === 'login' ? 'Login' : 'Register'} dialog (${perLanguage[2]})`;
  return GROUP_LABELS[group] ?? group;
};

const LINK_HINTS: Record<BannerLinkageType, string> = {
  NONE: 'No link',
  INTERNAL: 'A site path, e.g. /promotions',
  EXTERNAL: 'An https:// address (opens in a new tab)',
  VIDEO: 'An https:// video address',
  GAME: 'vendor/gameCode, e.g. KISMAT/crash',
  PROMOTION: 'The id of a promotion (PR) announcement',
};

function isLinkValid(type: BannerLinkageType, linkage: string): boolean {
  if (type === 'NONE') return true;
  if (type === 'INTERNAL') return /^\/[^/\\]/.test(linkage);
  if (type === 'EXTERNAL' || type === 'VIDEO') return /^https:\/\/\S+$/.test(linkage);
  if (type === 'GAME') return /^[A-Za-z0-9_-]+\/[A-Za-z0-9_.-]+$/.test(linkage);
  return /^\d+$/.test(linkage);
}

interface Draft {
  groupName: string;
  texts: Texts;
  linkageType: BannerLinkageType;
  linkage: string;
  imageUrl: string | null;
  schedule: Schedule;
}
const NEW_DRAFT: Draft = {
  groupName: 'w_home',
  texts: EMPTY_TEXTS,
  linkageType: 'NONE',
  linkage: '',
  imageUrl: null,
  schedule: NEW_SCHEDULE,
};

function draftOf(banner: AdminBanner): Draft {
  const key: TextKey = banner.language ?? 'ALL';
  return {
    groupName: banner.groupName,
    texts: { ...EMPTY_TEXTS, [key]: { title: banner.title, subtitle: banner.subtitle } },
    linkageType: banner.linkageType,
    linkage: banner.linkage,
    imageUrl: banner.isUploadedImage ? banner.url : null,
    schedule: scheduleOf(banner),
  };
}

function BannerForm({ code, editing, onSaved, onCancel }: ContentFormProps<AdminBanner>) {
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing) : NEW_DRAFT);
  const [key, setKey] = useState<TextKey>(editing ? (editing.language ?? 'ALL') : 'BN');
  const { feedback, setFeedback, isBusy, run } = useContentSave();
  const schedule = scheduleBody(draft.schedule);
  const filledKeys = TEXT_KEYS.filter((item) => draft.texts[item].title.trim() !== '');
  const isLink = isLinkValid(draft.linkageType, draft.linkage.trim());
  const isValid = filledKeys.length > 0 && isLink && schedule !== null;
  const keys: readonly TextKey[] = editing ? [editing.language ?? 'ALL'] : TEXT_KEYS;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValid || !schedule) return;
    const link = { linkageType: draft.linkageType, linkage: draft.linkageType === 'NONE' ? '' : draft.linkage.trim() };
    await run(async () => {
      if (editing) {
        const text = draft.texts[editing.language ?? 'ALL'];
        await api('PUT', merchantPath(CONTENT_ADMIN_PATHS.banner, code, editing.id), {
          groupName: draft.groupName,
          title: text.title,
          subtitle: text.subtitle,
          imageUrl: draft.imageUrl,
          ...link,
          ...schedule,
        });
        onSaved(`Banner #${editing.id} saved.`);
      } else {
        const texts = Object.fromEntries(filledKeys.map((item) => [item, draft.texts[item]]));
        const answer = await api<{ items: AdminBanner[] }>('POST', merchantPath(CONTENT_ADMIN_PATHS.banners, code), {
          groupName: draft.groupName,
          texts,
          imageUrl: draft.imageUrl,
          ...link,
          ...schedule,
        });
        setDraft(NEW_DRAFT);
        onSaved(`Published ${answer.items.length} banner${answer.items.length === 1 ? '' : 's'} (${filledKeys.join(', ')}).`);
      }
    }, 'The banner could not be saved.');
  };

  const text = draft.texts[key];
  const setText = (patch: Partial<{ title: string; subtitle: string }>) =>
    setDraft((old) => ({ ...old, texts: { ...old.texts, [key]: { ...old.texts[key], ...patch } } }));

  return (
    <form
      className="card form"
      onSubmit={(event) => void submit(event)}
      aria-label={editing ? `Edit banner ${editing.id}` : 'Publish a banner'}
      data-testid="banner-form"
    >
      <h2 className="small">{editing ? `Edit banner #${editing.id}` : 'Publish a banner'}</h2>
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <div className="field-row">
        <ChoiceField
          label="Group"
          name="groupName"
          value={draft.groupName}
          options={BANNER_GROUP_NAMES}
          onChange={(groupName) => setDraft({ ...draft, groupName })}
          optionText={groupLabel}
        />
        <ChoiceField
          label="Click opens"
          name="linkageType"
          value={draft.linkageType}
          options={BANNER_LINKAGE_TYPES}
          onChange={(linkageType) => setDraft({ ...draft, linkageType })}
        />
        {draft.linkageType === 'NONE' ? null : (
          <label className="field compact">
            <span>{LINK_HINTS[draft.linkageType]}</span>
            <input value={draft.linkage} onChange={(event) => setDraft({ ...draft, linkage: event.target.value })} name="linkage" />
            {draft.linkage && !isLink ? <span className="field-error">{LINK_HINTS[draft.linkageType]}</span> : null}
          </label>
        )}
      </div>

      <div className="language-tabs" role="tablist" aria-label="Language">
        {keys.map((item) => (
          <button key={item} type="button" role="tab" className="language-tab" aria-selected={item === key} onClick={() => setKey(item)}>
            {KEY_LABELS[item]}
            {draft.texts[item].title.trim() ? ' ✓' : ''}
          </button>
        ))}
      </div>
      <div className="field-row">
        <label className="field">
          <span>Title ({KEY_LABELS[key]}) — also the image's alternative text</span>
          <input value={text.title} maxLength={120} onChange={(event) => setText({ title: event.target.value })} name={`title-${key}`} />
        </label>
        <label className="field">
          <span>Subtitle (drawn under the title)</span>
          <input
            value={text.subtitle}
            maxLength={200}
            onChange={(event) => setText({ subtitle: event.target.value })}
            name={`subtitle-${key}`}
          />
        </label>
      </div>
      {editing ? null : (
        <p className="muted">Fill BN, EN and SW to publish one banner per language, or “Every language” for a single banner.</p>
      )}
      <ImagePicker
        code={code}
        url={draft.imageUrl}
        onChange={(imageUrl) => setDraft({ ...draft, imageUrl })}
        onError={(message) => setFeedback({ tone: 'error', text: message })}
        label="Image (PNG, JPEG or WebP up to 1 MB; none: art drawn from the title)"
      />
      <ScheduleFields schedule={draft.schedule} onChange={(next) => setDraft({ ...draft, schedule: next })} />
      <FormButtons
        submitText={editing ? 'Save banner' : 'Publish banner'}
        isDisabled={!isValid || isBusy}
        isEditing={editing !== null}
        onCancel={onCancel}
      />
    </form>
  );
}

export function ContentBannersPage({ me, code }: { me: OperatorMe; code: string }) {
  const desk = useContentDesk<{ items: AdminBanner[] }, AdminBanner>({
    me,
    code,
    listPath: CONTENT_ADMIN_PATHS.banners,
    failure: 'The banners could not be loaded.',
    removal: {
      itemPath: CONTENT_ADMIN_PATHS.banner,
      confirmText: (banner) => `Remove banner #${banner.id} “${banner.title}”?`,
      removedText: (banner) => `Banner #${banner.id} removed.`,
      failure: 'The banner could not be removed.',
    },
  });

  return (
    <ContentDeskSection
      name="banners"
      title="Banners"
      code={code}
      desk={desk}
      form={(props) => <BannerForm {...props} />}
      readOnly={<ReadOnlyNote role={me.role} />}
      filter={{
        param: 'group',
        label: 'Group',
        anyLabel: 'All groups',
        options: BANNER_GROUP_NAMES,
        optionText: groupLabel,
        valueOf: (row) => row.groupName,
      }}
      rows={desk.list.data?.items ?? null}
      empty="No banners in this group yet."
      headings={['Image', 'Group', 'Language', 'Title', 'Click opens', 'Window', 'Status']}
      rowTestId="banner-row"
      cells={(row) => (
        <>
          <td data-label="Image">
            <img src={row.url} alt={row.title} className="content-thumb" loading="lazy" />
          </td>
          <td data-label="Group">{groupLabel(row.groupName)}</td>
          <td data-label="Language">{row.language ?? 'All'}</td>
          <td data-label="Title" className="comment-cell">
            {row.title}
            {row.subtitle ? <span className="muted"> · {row.subtitle}</span> : null}
          </td>
          <td data-label="Click opens">{row.linkageType === 'NONE' ? '—' : `${row.linkageType.toLowerCase()}: ${row.linkage}`}</td>
          <ScheduleCells row={row} />
        </>
      )}
    />
  );
}
