import type { OperatorMerchantSummary } from '@kismat/contracts/operator';
import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { type ReactNode, useEffect, useState } from 'react';
import { api, failureText } from '../api';
import { Page } from './page';

const CHOSEN_KEY = 'kismat.admin.merchant';

/**
 * The merchants this operator may manage and the one chosen (a scoped operator: its own). The
 * choice is kept for the tab, so the Catalogue and Site settings pages open on the same one.
 */
export function useMerchants(me: OperatorMe) {
  const [merchants, setMerchants] = useState<OperatorMerchantSummary[] | null>(null);
  const [code, setCode] = useState<string | null>(me.merchantCode ?? sessionStorage.getItem(CHOSEN_KEY));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api<{ list: OperatorMerchantSummary[] }>('GET', '/admin-api/merchants')
      .then(({ list }) => {
        setMerchants(list);
        setCode((current) => (current && list.some((item) => item.code === current) ? current : (list[0]?.code ?? null)));
      })
      .catch((caught: unknown) => setError(failureText(caught, 'The merchants could not be loaded.')));
  }, []);

  const choose = (next: string) => {
    sessionStorage.setItem(CHOSEN_KEY, next);
    setCode(next);
  };
  return { merchants, code, choose, error };
}

/** A select of merchants; a single merchant is shown as a label. */
export function MerchantPicker({
  merchants,
  code,
  onChoose,
}: {
  merchants: OperatorMerchantSummary[] | null;
  code: string | null;
  onChoose: (code: string) => void;
}) {
  if (!merchants || merchants.length === 0) return null;
  if (merchants.length === 1)
    return (
      <span className="merchant-label">
        Merchant <strong>{merchants[0]?.name}</strong> <span className="code">{merchants[0]?.code}</span>
      </span>
    );
  return (
    <label className="field inline">
      <span>Merchant</span>
      <select value={code ?? ''} onChange={(event) => onChoose(event.target.value)}>
        {merchants.map((merchant) => (
          <option key={merchant.code} value={merchant.code}>
            {merchant.name} ({merchant.code})
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A page about one merchant at a time (Page): the merchant picker beside the heading, before any
 * other `actions`; then `intro`, then why the merchants could not be loaded, then the content.
 */
export function MerchantPage({
  id,
  title,
  merchants,
  actions,
  intro,
  testId,
  children,
}: {
  id: string;
  title: ReactNode;
  merchants: ReturnType<typeof useMerchants>;
  actions?: ReactNode;
  intro?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Page
      id={id}
      title={title}
      testId={testId}
      actions={
        <>
          <MerchantPicker merchants={merchants.merchants} code={merchants.code} onChoose={merchants.choose} />
          {actions}
        </>
      }
    >
      {intro}
      {merchants.error ? <p className="banner error">{merchants.error}</p> : null}
      {children}
    </Page>
  );
}

/** What a role that may only read a merchant's page sees above it: "Your role (…) may <may>." */
export function ReadOnlyBanner({ role, may }: { role: string; may: string }) {
  return (
    <p className="banner info" data-testid="read-only">
      Your role ({role}) may {may}.
    </p>
  );
}
