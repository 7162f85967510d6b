import { OPERATOR_PROMOTION_PATHS } from '@kismat/contracts/promotions';
import { useState } from 'react';
import { api, failureText } from '../api';
import { LANGUAGE_CODES, type LanguageCode, type Texts } from './promotions-form-model';

type Preview = Record<LanguageCode, { title: string; body: string; rules: string[] }>;

const LANGUAGE_NAMES: Record<LanguageCode, string> = { BN: 'বাংলা (BN)', EN: 'English (EN)', SW: 'Kiswahili (SW)' };

/**
 * The promotion as members read it in each language, side by side: the text being typed, and
 * for a saved promotion the server's rendering with the rule sentences it adds.
 */
export function PromotionPreview({ id, title, body }: { id: number | null; title: Texts; body: Texts }) {
  const [server, setServer] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = async () => {
    if (id === null) return;
    try {
      setServer(await api<Preview>('GET', OPERATOR_PROMOTION_PATHS.preview.replace(':id', String(id))));
      setError(null);
    } catch (caught) {
      setError(failureText(caught, 'The preview could not be loaded.'));
    }
  };
  return (
    <section className="card" aria-labelledby="promotion-preview-title">
      <div className="card-head">
        <h2 id="promotion-preview-title">Preview in three languages</h2>
        {id !== null ? (
          <button type="button" className="button ghost" onClick={() => void load()}>
            {server ? 'Refresh saved preview' : 'Show saved version with rules'}
          </button>
        ) : null}
      </div>
      {error ? <p className="banner error">{error}</p> : null}
      <div className="preview-grid" data-testid="promotion-preview">
        {LANGUAGE_CODES.map((language) => (
          <article key={language} className="preview-card" lang={language.toLowerCase()}>
            <span className="muted small">{LANGUAGE_NAMES[language]}</span>
            <h3>{server?.[language].title ?? title[language] ?? ''}</h3>
            <p className="preview-body">{(server?.[language].body ?? body[language]).replace(/<[^>]*>/g, ' ')}</p>
            {server?.[language].rules.length ? (
              <ul>
                {server[language].rules.map((rule) => (
                  <li key={rule}>{rule}</li>
                ))}
              </ul>
            ) : null}
          </article>
        ))}
      </div>
    </section>
  );
}
