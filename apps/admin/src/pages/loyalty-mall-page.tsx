import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { MALL_ITEM_KINDS, OPERATOR_POINTS_PATHS, type operatorMallItem } from '@kismat/contracts/points';
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { api } from '../api';
import { ListTable, NumCell, numeric } from '../components/data-table';
import { FeedbackBanner } from '../components/feedback';
import { CheckboxField, Options, TextField } from '../components/fields';
import { useAction } from '../components/use-action';
import { useLoaded } from '../components/use-loaded';
import { formatMoney } from '../format';
import { canManage } from '../roles';
import { merchantPath } from './loyalty-hub';

type MallItem = z.infer<typeof operatorMallItem>;
interface Draft {
  nameBn: string;
  nameEn: string;
  nameSw: string;
  imageUrl: string;
  kind: (typeof MALL_ITEM_KINDS)[number];
  points: string;
  cashAmount: string;
  stock: string;
  perMemberLimit: string;
  isEnabled: boolean;
}
const EMPTY: Draft = {
  nameBn: '',
  nameEn: '',
  nameSw: '',
  imageUrl: '',
  kind: 'CASH',
  points: '',
  cashAmount: '',
  stock: '',
  perMemberLimit: '',
  isEnabled: true,
};

function draftOf(item: MallItem): Draft {
  return {
    nameBn: item.names.bn,
    nameEn: item.names.en,
    nameSw: item.names.sw,
    imageUrl: item.imageUrl,
    kind: item.kind,
    points: String(item.points),
    cashAmount: item.cashAmount,
    stock: String(item.stock),
    perMemberLimit: item.perMemberLimit === null ? '' : String(item.perMemberLimit),
    isEnabled: item.isEnabled,
  };
}

/** The body the server checks (operatorMallItemBody); whole numbers are sent as numbers, amounts as text. */
function bodyOf(draft: Draft, sortOrder: number) {
  return {
    names: { bn: draft.nameBn.trim(), en: draft.nameEn.trim(), sw: draft.nameSw.trim() },
    imageUrl: draft.imageUrl.trim(),
    kind: draft.kind,
    points: Number(draft.points),
    cashAmount: draft.kind === 'CASH' ? draft.cashAmount.trim() : '0.00',
    stock: Number(draft.stock),
    perMemberLimit: draft.perMemberLimit.trim() === '' ? null : Number(draft.perMemberLimit),
    isEnabled: draft.isEnabled,
    sortOrder,
  };
}

/** Mall items and their stock: edit any field, add an item (audited by the server). */
export function LoyaltyMallPage({ me, code }: { me: OperatorMe; code: string }) {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const mayEdit = canManage(me);
  const {
    data: items,
    error,
    reload,
  } = useLoaded(
    useCallback(async () => (await api<{ list: MallItem[] }>('GET', merchantPath(OPERATOR_POINTS_PATHS.items, code))).list, [code]),
    'The mall items could not be loaded.',
  );
  const { feedback, setFeedback, isBusy, run } = useAction({ reload, failure: 'The item could not be saved.', reloadAfterFailure: false });

  const save = () =>
    run(
      async () => {
        if (editing === 'new') {
          await api('POST', merchantPath(OPERATOR_POINTS_PATHS.items, code), bodyOf(draft, items?.length ?? 0));
        } else if (editing !== null) {
          const current = items?.find((item) => item.id === editing);
          await api('PUT', merchantPath(OPERATOR_POINTS_PATHS.item, code, editing), bodyOf(draft, current?.sortOrder ?? 0));
        }
        setEditing(null);
      },
      editing === 'new' ? 'Item added.' : 'Item saved.',
    );

  const field = (key: keyof Draft, label: string, props: { inputMode?: 'numeric' | 'decimal'; placeholder?: string } = {}) => (
    <TextField label={label} value={String(draft[key])} onChange={(value) => setDraft({ ...draft, [key]: value })} {...props} />
  );

  const editor = (
    <form
      className="card form"
      data-testid="mall-item-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="field-row">
        {field('nameBn', 'Name (BN)')}
        {field('nameEn', 'Name (EN)')}
        {field('nameSw', 'Name (SW)')}
      </div>
      {field('imageUrl', 'Image URL', { placeholder: '/images/mall/voucher.png' })}
      <div className="field-row">
        <label className="field compact">
          <span>Kind</span>
          <select value={draft.kind} onChange={(event) => setDraft({ ...draft, kind: event.target.value as Draft['kind'] })}>
            <Options values={MALL_ITEM_KINDS} text={(kind) => (kind === 'CASH' ? 'cash voucher' : 'goods')} />
          </select>
        </label>
        {field('points', 'Points', { inputMode: 'numeric' })}
        {draft.kind === 'CASH' ? field('cashAmount', 'Cash amount', { inputMode: 'decimal', placeholder: '100.00' }) : null}
        {field('stock', 'Stock', { inputMode: 'numeric' })}
        {field('perMemberLimit', 'Per member (empty: no limit)', { inputMode: 'numeric' })}
      </div>
      <CheckboxField label="On offer" checked={draft.isEnabled} onChange={(isEnabled) => setDraft({ ...draft, isEnabled })} />
      <div className="actions">
        <button type="submit" className="button primary" disabled={isBusy}>
          Save
        </button>
        <button type="button" className="button ghost" onClick={() => setEditing(null)} disabled={isBusy}>
          Cancel
        </button>
      </div>
    </form>
  );

  return (
    <section aria-labelledby="mall-title">
      <div className="section-head">
        <h1 id="mall-title">Mall items</h1>
        {mayEdit && editing === null ? (
          <button
            type="button"
            className="button primary"
            onClick={() => {
              setDraft(EMPTY);
              setEditing('new');
            }}
          >
            Add item
          </button>
        ) : null}
      </div>
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      {editing !== null ? editor : null}
      <ListTable
        error={error}
        rows={items}
        empty="No mall item yet."
        headings={[
          'Item',
          'Kind',
          numeric('Points'),
          numeric('Cash'),
          numeric('Stock'),
          'Per member',
          'State',
          { label: '', ariaLabel: 'Actions' },
        ]}
        row={(item) => (
          <tr key={item.id} data-testid={`mall-item-${item.id}`}>
            <td data-label="Item">
              <span className="stack">
                <strong>{item.names.en}</strong>
                <span className="muted">
                  {item.names.bn} · {item.names.sw}
                </span>
              </span>
            </td>
            <td data-label="Kind">{item.kind === 'CASH' ? 'cash voucher' : 'goods'}</td>
            <NumCell label="Points">{item.points.toLocaleString('en-US')}</NumCell>
            <NumCell label="Cash">{item.kind === 'CASH' ? formatMoney(item.cashAmount) : '—'}</NumCell>
            <td data-label="Stock" className="num strong">
              {item.stock}
            </td>
            <td data-label="Per member">{item.perMemberLimit ?? 'no limit'}</td>
            <td data-label="State">
              <span className={`pill pill-${item.isEnabled ? 'approved' : 'expired'}`}>{item.isEnabled ? 'on offer' : 'hidden'}</span>
            </td>
            <td data-label="Actions">
              {mayEdit ? (
                <button
                  type="button"
                  className="button ghost"
                  onClick={() => {
                    setDraft(draftOf(item));
                    setEditing(item.id);
                  }}
                >
                  Edit
                </button>
              ) : null}
            </td>
          </tr>
        )}
      />
    </section>
  );
}
