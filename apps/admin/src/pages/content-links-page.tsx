import {
  type AdminCustomerService,
  CONTENT_ADMIN_PATHS,
  CUSTOMER_SERVICE_TYPES,
  RESOURCE_LINK_KEYS,
  RESOURCE_LOGO_KEYS,
} from '@kismat/contracts/content-admin';
import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api, failureText } from '../api';
import { type Feedback, FeedbackBanner } from '../components/feedback';
import { Options, TextField } from '../components/fields';
import { useLoaded } from '../components/use-loaded';
import { ContentDeskSection, type ContentFormProps, ShownCell } from './content-list';
import { EMPTY_TEXT, FormButtons, LANGUAGE_LABELS, LANGUAGES, type Localized, useContentDesk } from './content-shared';
import { merchantPath } from './loyalty-hub';

/*
 * Customer-service entries (side menu and floating bar) and the merchant's links, switches and
 * footer logos (issue 19, "Content"). Links are https (or a site path); the site shows a change
 * at its next page load.
 */

type CsType = (typeof CUSTOMER_SERVICE_TYPES)[number];
const CS_LABELS: Record<CsType, string> = { LIVECHAT: 'Live chat', FACEBOOK: 'Facebook', TELEGRAM: 'Telegram', WHATSAPP: 'WhatsApp' };

const LINK_LABELS: Record<(typeof RESOURCE_LINK_KEYS)[number], string> = {
  appDownloadIos: 'App download — iOS',
  appDownloadAndroid: 'App download — Android',
  telegramChannel: 'Telegram channel',
  telegramGroup: 'Telegram group',
  whatsapp: 'WhatsApp',
  facebookPage: 'Facebook page',
};
const LOGO_LABELS: Record<(typeof RESOURCE_LOGO_KEYS)[number], string> = {
  footerPaymentLogos: 'Footer payment logos',
  footerCertificationLogos: 'Footer certification logos',
  footerLicenceLogos: 'Footer licence logos',
};

const isLink = (value: string) => value === '' || /^(\/[^/\\].*|https:\/\/\S+)$/.test(value);
const isLogoList = (value: string) => /^[\p{L}\p{N} .&'+-]*(,[\p{L}\p{N} .&'+-]*)*$/u.test(value);

function ServiceForm({ code, editing, onSaved, onCancel }: ContentFormProps<AdminCustomerService>) {
  const [csType, setCsType] = useState<CsType>(editing?.csType ?? 'TELEGRAM');
  const [title, setTitle] = useState<Localized>(editing?.title ?? EMPTY_TEXT);
  const [url, setUrl] = useState(editing?.url ?? '');
  const [sort, setSort] = useState(String(editing?.sort ?? 0));
  const [isActive, setIsActive] = useState(editing?.isActive ?? true);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const isUrlValid = csType === 'LIVECHAT' ? /^(\/|https:\/\/)/.test(url) : /^https:\/\/\S+$/.test(url);
  const isValid = title.BN.trim() !== '' && isUrlValid && /^\d{1,6}$/.test(sort);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValid) return;
    const body = { csType, title, url: url.trim(), sort: Number(sort), isActive };
    try {
      if (editing) await api('PUT', merchantPath(CONTENT_ADMIN_PATHS.customerService, code, editing.id), body);
      else await api('POST', merchantPath(CONTENT_ADMIN_PATHS.customerServices, code), body);
      onSaved(`${CS_LABELS[csType]} entry saved.`);
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The entry could not be saved.') });
    }
  };

  return (
    <form className="card form" onSubmit={(event) => void submit(event)} aria-label="Customer service entry" data-testid="service-form">
      <h3 className="small">{editing ? `Edit entry #${editing.id}` : 'Add a customer-service entry'}</h3>
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <div className="field-row">
        <label className="field compact">
          <span>Kind</span>
          <select value={csType} onChange={(event) => setCsType(event.target.value as CsType)} name="csType">
            <Options values={CUSTOMER_SERVICE_TYPES} text={(type) => CS_LABELS[type]} />
          </select>
        </label>
        <label className="field">
          <span>Link ({csType === 'LIVECHAT' ? 'site path or https://' : 'https://'})</span>
          <input value={url} onChange={(event) => setUrl(event.target.value)} name="url" />
          {url && !isUrlValid ? <span className="field-error">Use an https:// address</span> : null}
        </label>
        <TextField label="Order" value={sort} inputMode="numeric" onChange={setSort} name="sort" />
        <label className="choice">
          <input type="checkbox" checked={isActive} onChange={(event) => setIsActive(event.target.checked)} />
          <span>Shown</span>
        </label>
      </div>
      <div className="field-row">
        {LANGUAGES.map((language) => (
          <label key={language} className="field compact">
            <span>
              Label — {LANGUAGE_LABELS[language]}
              {language === 'BN' ? ' (required)' : ''}
            </span>
            <input
              value={title[language]}
              maxLength={60}
              onChange={(event) => setTitle({ ...title, [language]: event.target.value })}
              name={`title-${language}`}
            />
          </label>
        ))}
      </div>
      <FormButtons submitText="Save entry" isDisabled={!isValid} isEditing={editing !== null} onCancel={onCancel} />
    </form>
  );
}

function ResourcesForm({ code, mayEdit }: { code: string; mayEdit: boolean }) {
  const load = useCallback(() => api<{ values: Record<string, string> }>('GET', merchantPath(CONTENT_ADMIN_PATHS.resources, code)), [code]);
  const loaded = useLoaded(load, 'The links could not be loaded.', { clearOnChange: true });
  const [values, setValues] = useState<Record<string, string>>({});
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  useEffect(() => setValues(loaded.data?.values ?? {}), [loaded.data]);

  const value = (key: string) => values[key] ?? '';
  const invalid = [
    ...RESOURCE_LINK_KEYS.filter((key) => !isLink(value(key))),
    ...RESOURCE_LOGO_KEYS.filter((key) => !isLogoList(value(key))),
    ...(value('supportEmail') && !/^\S+@\S+\.\S+$/.test(value('supportEmail')) ? ['supportEmail'] : []),
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid.length > 0) return;
    const keys = [...RESOURCE_LINK_KEYS, 'supportEmail', ...RESOURCE_LOGO_KEYS];
    const body: Record<string, string> = Object.fromEntries(keys.map((key) => [key, value(key).trim()]));
    body.inviteEnabled = value('inviteEnabled') === '0' ? '0' : '1';
    body.liveChatEnabled = value('liveChatEnabled') === '0' ? '0' : '1';
    try {
      const answer = await api<{ values: Record<string, string> }>('PUT', merchantPath(CONTENT_ADMIN_PATHS.resources, code), body);
      setValues(answer.values);
      setFeedback({ tone: 'success', text: 'Links and logos saved.' });
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The links could not be saved.') });
    }
  };

  if (loaded.error) return <p className="banner error">{loaded.error}</p>;
  if (!loaded.data) return <p className="muted">Loading…</p>;
  return (
    <form className="card form" onSubmit={(event) => void submit(event)} aria-label="Links and logos" data-testid="resources-form">
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <fieldset disabled={!mayEdit} className="stack">
        <div className="field-row">
          {RESOURCE_LINK_KEYS.map((key) => (
            <label key={key} className="field">
              <span>{LINK_LABELS[key]}</span>
              <input value={value(key)} onChange={(event) => setValues({ ...values, [key]: event.target.value })} name={key} />
              {isLink(value(key)) ? null : <span className="field-error">An https:// address or a site path</span>}
            </label>
          ))}
          <label className="field">
            <span>Support e-mail</span>
            <input
              type="email"
              value={value('supportEmail')}
              onChange={(event) => setValues({ ...values, supportEmail: event.target.value })}
              name="supportEmail"
            />
          </label>
        </div>
        <p className="muted">
          Footer logos: brand names separated by commas (e.g. “bKash, Nagad, VISA”). Empty: the defaults for the visitor’s market.
        </p>
        <div className="field-row">
          {RESOURCE_LOGO_KEYS.map((key) => (
            <label key={key} className="field">
              <span>{LOGO_LABELS[key]}</span>
              <input value={value(key)} onChange={(event) => setValues({ ...values, [key]: event.target.value })} name={key} />
              {isLogoList(value(key)) ? null : <span className="field-error">Names and commas only</span>}
            </label>
          ))}
        </div>
        <div className="field-row">
          <label className="choice">
            <input
              type="checkbox"
              checked={value('inviteEnabled') !== '0'}
              onChange={(event) => setValues({ ...values, inviteEnabled: event.target.checked ? '1' : '0' })}
            />
            <span>Show “Invite” in the floating bar</span>
          </label>
          <label className="choice">
            <input
              type="checkbox"
              checked={value('liveChatEnabled') !== '0'}
              onChange={(event) => setValues({ ...values, liveChatEnabled: event.target.checked ? '1' : '0' })}
            />
            <span>Show live chat</span>
          </label>
        </div>
        {mayEdit ? (
          <button type="submit" className="button primary" disabled={invalid.length > 0}>
            Save links and logos
          </button>
        ) : null}
      </fieldset>
    </form>
  );
}

export function ContentLinksPage({ me, code }: { me: OperatorMe; code: string }) {
  const desk = useContentDesk<{ items: AdminCustomerService[] }, AdminCustomerService>({
    me,
    code,
    listPath: CONTENT_ADMIN_PATHS.customerServices,
    failure: 'The customer-service entries could not be loaded.',
    removal: {
      itemPath: CONTENT_ADMIN_PATHS.customerService,
      confirmText: (row) => `Remove the ${CS_LABELS[row.csType]} entry “${row.title.BN}”?`,
      removedText: () => 'Entry removed.',
      failure: 'The entry could not be removed.',
    },
  });

  return (
    <ContentDeskSection
      name="links"
      title="Customer service"
      code={code}
      desk={desk}
      form={(props) => <ServiceForm {...props} />}
      rows={desk.list.data?.items ?? null}
      empty="No customer-service entries yet."
      headings={['Kind', 'Label (BN)', 'Label (EN)', 'Link', 'Status']}
      rowTestId="service-row"
      cells={(row) => (
        <>
          <td data-label="Kind">{CS_LABELS[row.csType]}</td>
          <td data-label="Label (BN)">{row.title.BN || '—'}</td>
          <td data-label="Label (EN)">{row.title.EN || '—'}</td>
          <td data-label="Link" className="comment-cell">
            {row.url}
          </td>
          <ShownCell isActive={row.isActive} />
        </>
      )}
    >
      <h2>Links, switches and footer logos</h2>
      <ResourcesForm code={code} mayEdit={desk.mayEdit} />
    </ContentDeskSection>
  );
}
