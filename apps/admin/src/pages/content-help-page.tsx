import { type AdminHelpArticle, type AdminHelpCategory, CONTENT_ADMIN_PATHS, HELP_DEVICES } from '@kismat/contracts/content-admin';
import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { type FormEvent, useState } from 'react';
import { api, failureText } from '../api';
import { DataTable, ListStatus } from '../components/data-table';
import { type Feedback, FeedbackBanner } from '../components/feedback';
import {
  EditRemoveActions,
  EMPTY_TEXT,
  FormButtons,
  HtmlPreview,
  type Language,
  LanguageTabs,
  type Localized,
  useContentDesk,
  useRemoveRow,
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
}: {
  code: string;
  categories: AdminHelpCategory[];
  editing: AdminHelpArticle | null;
  onSaved: (text: string) => void;
  onCancel: () => void;
}) {
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
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const preview = useSanitisedHtml(code, draft.content);
  const isSlugValid = /^[a-z0-9][a-z0-9-]{0,59}$/.test(draft.slug);
  const isValid =
    draft.categoryId !== '' && isSlugValid && draft.title.BN.trim() !== '' && draft.devices.length > 0 && /^\d{1,6}$/.test(draft.sort);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValid) return;
    setIsBusy(true);
    setFeedback(null);
    const body = { ...draft, categoryId: Number(draft.categoryId), sort: Number(draft.sort) };
    try {
      if (editing) await api('PUT', merchantPath(CONTENT_ADMIN_PATHS.helpArticle, code, editing.id), body);
      else await api('POST', merchantPath(CONTENT_ADMIN_PATHS.helpArticles, code), body);
      onSaved(editing ? `Article “${draft.slug}” saved.` : `Article “${draft.slug}” published.`);
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The article could not be saved.') });
    } finally {
      setIsBusy(false);
    }
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
        <label className="field compact">
          <span>Order</span>
          <input
            value={draft.sort}
            inputMode="numeric"
            onChange={(event) => setDraft({ ...draft, sort: event.target.value })}
            name="sort"
          />
        </label>
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
      <label className="field">
        <span>
          Title ({language}){language === 'BN' ? ' — required' : ' — empty: shows another language'}
        </span>
        <input
          value={draft.title[language]}
          maxLength={120}
          onChange={(event) => setDraft({ ...draft, title: { ...draft.title, [language]: event.target.value } })}
          name={`title-${language}`}
        />
      </label>
      <label className="field">
        <span>Article ({language}): HTML — headings, paragraphs, lists, tables, https links and images</span>
        <textarea
          rows={8}
          value={draft.content[language]}
          onChange={(event) => setDraft({ ...draft, content: { ...draft.content, [language]: event.target.value } })}
          name={`content-${language}`}
        />
      </label>
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
  const { list, editing, setEditing, feedback, setFeedback, mayEdit, saved } = useContentDesk<HelpData, AdminHelpArticle>({
    me,
    code,
    listPath: CONTENT_ADMIN_PATHS.helpArticles,
    failure: 'The help centre could not be loaded.',
  });
  const categories = list.data?.categories ?? [];
  const categoryName = (id: number) => {
    const category = categories.find((item) => item.id === id);
    return category ? category.title.EN || category.title.BN || category.slug : String(id);
  };

  const remove = useRemoveRow<AdminHelpArticle>({
    itemPath: CONTENT_ADMIN_PATHS.helpArticle,
    code,
    reload: list.reload,
    setFeedback,
    confirmText: (row) => `Remove the article “${row.slug}”?`,
    removedText: (row) => `Article “${row.slug}” removed.`,
    failure: 'The article could not be removed.',
  });

  return (
    <section aria-labelledby="help-title" data-testid="content-help">
      <h2 id="help-title">Help centre</h2>
      {mayEdit && list.data ? (
        <HelpForm
          key={editing?.id ?? 'new'}
          code={code}
          categories={categories}
          editing={editing}
          onSaved={saved}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <ListStatus error={list.error} rows={list.data?.items ?? null} empty="No help articles yet." />
      {list.data && list.data.items.length > 0 ? (
        <DataTable headings={['Category', 'Anchor', 'Title (BN)', 'Title (EN)', 'Lists on', 'Status', { label: '', ariaLabel: 'Actions' }]}>
          {list.data.items.map((row) => (
            <tr key={row.id} data-testid="help-row">
              <td data-label="Category">{categoryName(row.categoryId)}</td>
              <td data-label="Anchor">#{row.slug}</td>
              <td data-label="Title (BN)">{row.title.BN || '—'}</td>
              <td data-label="Title (EN)">{row.title.EN || '—'}</td>
              <td data-label="Lists on">{row.devices.join(', ')}</td>
              <td data-label="Status">
                <span className={`pill ${row.isActive ? 'pill-sent' : 'pill-cancelled'}`}>{row.isActive ? 'shown' : 'hidden'}</span>
              </td>
              <EditRemoveActions mayEdit={mayEdit} onEdit={() => setEditing(row)} onRemove={() => void remove(row)} />
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}
