import { type AdminHelpArticle, type AdminHelpCategory, CONTENT_ADMIN_PATHS, HELP_DEVICES } from '@kismat/contracts/content-admin';
import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { type FormEvent, useState } from 'react';
import { api } from '../api';
import { FeedbackBanner } from '../components/feedback';
import { TextField } from '../components/fields';
import {
  ContentDeskSection,
  type ContentFormProps,
  LocalizedHtmlField,
  LocalizedTitleField,
  ShownCell,
  useContentSave,
} from './content-list';
import {
  EMPTY_TEXT,
  FormButtons,
  HtmlPreview,
  type Language,
  LanguageTabs,
  type Localized,
  useContentDesk,
  useSanitisedHtml,
} from './content-shared';
import { merchantPath } from './loyalty-hub';

/*
 * Help-centre articles (issue 19, "Content"): rich text in BN/EN/SW, sanitised by the server
 * before it is stored; the slug is the page anchor (/help#slug), the devices say where it lists.
 */

type HelpData = { categories: AdminHelpCategory[]; items: AdminHelpArticle[] };

interface Draft {
  categoryId: string;
  slug: string;
  title: Localized;
  content: Localized;
  devices: string[];
  sort: string;
  isActive: boolean;
}

function HelpForm({
  code,
  categories,
  editing,
  onSaved,
  onCancel,
}: ContentFormProps<AdminHelpArticle> & { categories: AdminHelpCategory[] }) {
  const [draft, setDraft] = useState<Draft>(() =>
    editing
      ? {
          categoryId: String(editing.categoryId),
          slug: editing.slug,
          title: editing.title,
          content: editing.content,
          devices: editing.devices,
          sort: String(editing.sort),
          isActive: editing.isActive,
        }
      : {
          categoryId: String(categories[0]?.id ?? ''),
          slug: '',
          title: EMPTY_TEXT,
          content: EMPTY_TEXT,
          devices: [...HELP_DEVICES],
          sort: '0',
          isActive: true,
        },
  );
  const [language, setLanguage] = useState<Language>('BN');
  const { feedback, setFeedback, isBusy, run } = useContentSave();
  const preview = useSanitisedHtml(code, draft.content);
  const isSlugValid = /^[a-z0-9][a-z0-9-]{0,59}$/.test(draft.slug);
  const isValid =
    draft.categoryId !== '' && isSlugValid && draft.title.BN.trim() !== '' && draft.devices.length > 0 && /^\d{1,6}$/.test(draft.sort);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValid) return;
    const body = { ...draft, categoryId: Number(draft.categoryId), sort: Number(draft.sort) };
    await run(async () => {
      if (editing) await api('PUT', merchantPath(CONTENT_ADMIN_PATHS.helpArticle, code, editing.id), body);
      else await api('POST', merchantPath(CONTENT_ADMIN_PATHS.helpArticles, code), body);
      onSaved(editing ? `Article “${draft.slug}” saved.` : `Article “${draft.slug}” published.`);
    }, 'The article could not be saved.');
  };

  const toggleDevice = (device: string) =>
    setDraft((old) => ({
      ...old,
      devices: old.devices.includes(device) ? old.devices.filter((item) => item !== device) : [...old.devices, device],
    }));

  return (
    <form className="card form" onSubmit={(event) => void submit(event)} aria-label="Help article" data-testid="help-form">
      <h2 className="small">{editing ? `Edit “${editing.slug}”` : 'Write a help article'}</h2>
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <div className="field-row">
        <label className="field compact">
          <span>Category</span>
          <select value={draft.categoryId} onChange={(event) => setDraft({ ...draft, categoryId: event.target.value })} name="categoryId">
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.title.EN || category.title.BN || category.slug}
              </option>
            ))}
          </select>
        </label>
        <label className="field compact">
          <span>Anchor (/help#…)</span>
          <input value={draft.slug} onChange={(event) => setDraft({ ...draft, slug: event.target.value.toLowerCase() })} name="slug" />
          {draft.slug && !isSlugValid ? <span className="field-error">Lower-case letters, digits and dashes</span> : null}
        </label>
        <TextField label="Order" value={draft.sort} inputMode="numeric" onChange={(sort) => setDraft({ ...draft, sort })} name="sort" />
        <fieldset className="field compact">
          <legend>Lists on</legend>
          {HELP_DEVICES.map((device) => (
            <label key={device} className="choice">
              <input type="checkbox" checked={draft.devices.includes(device)} onChange={() => toggleDevice(device)} />
              <span>{device}</span>
            </label>
          ))}
        </fieldset>
        <label className="choice">
          <input type="checkbox" checked={draft.isActive} onChange={(event) => setDraft({ ...draft, isActive: event.target.checked })} />
          <span>Active</span>
        </label>
      </div>
      <LanguageTabs language={language} onChoose={setLanguage} filled={(item) => draft.title[item].trim() !== ''} />
      <LocalizedTitleField
        label={`Title (${language})${language === 'BN' ? ' — required' : ' — empty: shows another language'}`}
        name="title"
        language={language}
        texts={draft.title}
        onChange={(title) => setDraft({ ...draft, title })}
      />
      <LocalizedHtmlField
        label={`Article (${language}): HTML — headings, paragraphs, lists, tables, https links and images`}
        name="content"
        language={language}
        texts={draft.content}
        onChange={(content) => setDraft({ ...draft, content })}
        rows={8}
      />
      <h3 className="small">Preview</h3>
      <HtmlPreview titles={draft.title} html={preview} testId="help-preview" />
      <FormButtons
        submitText={editing ? 'Save article' : 'Publish article'}
        isDisabled={!isValid || isBusy}
        isEditing={editing !== null}
        onCancel={onCancel}
      />
    </form>
  );
}

export function ContentHelpPage({ me, code }: { me: OperatorMe; code: string }) {
  const desk = useContentDesk<HelpData, AdminHelpArticle>({
    me,
    code,
    listPath: CONTENT_ADMIN_PATHS.helpArticles,
    failure: 'The help centre could not be loaded.',
    removal: {
      itemPath: CONTENT_ADMIN_PATHS.helpArticle,
      confirmText: (row) => `Remove the article “${row.slug}”?`,
      removedText: (row) => `Article “${row.slug}” removed.`,
      failure: 'The article could not be removed.',
    },
  });
  const { list } = desk;
  const categories = list.data?.categories ?? [];
  const categoryName = (id: number) => {
    const category = categories.find((item) => item.id === id);
    return category ? category.title.EN || category.title.BN || category.slug : String(id);
  };

  return (
    <ContentDeskSection
      name="help"
      title="Help centre"
      code={code}
      desk={desk}
      form={(props) => (list.data ? <HelpForm {...props} categories={categories} /> : null)}
      rows={list.data?.items ?? null}
      empty="No help articles yet."
      headings={['Category', 'Anchor', 'Title (BN)', 'Title (EN)', 'Lists on', 'Status']}
      rowTestId="help-row"
      cells={(row) => (
        <>
          <td data-label="Category">{categoryName(row.categoryId)}</td>
          <td data-label="Anchor">#{row.slug}</td>
          <td data-label="Title (BN)">{row.title.BN || '—'}</td>
          <td data-label="Title (EN)">{row.title.EN || '—'}</td>
          <td data-label="Lists on">{row.devices.join(', ')}</td>
          <ShownCell isActive={row.isActive} />
        </>
      )}
    />
  );
}
