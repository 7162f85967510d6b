import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import type { OperatorGame, OperatorGameBody, OperatorVendor, OperatorVendorBody } from '@kismat/contracts/operator-catalogue';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../api';
import { DataTable, ListStatus, Pager } from '../components/data-table';
import { type Feedback, FeedbackBanner } from '../components/feedback';
import { MerchantPicker, useMerchants } from '../components/merchant-picker';
import { Switch } from '../components/switch';
import { formatTime, fromLocalInput, toLocalInput } from '../format';
import { canManage } from '../roles';

const PAGE_SIZE = 25;
const GAME_HEADINGS = ['Game', 'On', 'Maintenance', 'Hot', 'New', 'Order', { label: '', ariaLabel: 'Reset' }] as const;

const failure = (caught: unknown, fallback: string) => (caught instanceof ApiError ? caught.message : fallback);

function laneState(lane: OperatorVendor['lanes'][number]): { text: string; pill: string } {
  if (!lane.isEnabled) return { text: 'off', pill: 'rejected' };
  if (lane.isMaintenance) return { text: 'maintenance', pill: 'pending' };
  return { text: 'on', pill: 'approved' };
}

/**
 * The game catalogue for one merchant: each vendor's lanes on or off and into maintenance with
 * a planned end; a vendor's games (search, paging) with on/off, maintenance and the hot, new and
 * order overrides; a vendor's HMAC secret rotated and shown once. Support and finance only read.
 */
export function CataloguePage({ me }: { me: OperatorMe }) {
  const { merchants, code, choose, error: merchantsError } = useMerchants(me);
  const [vendors, setVendors] = useState<OperatorVendor[] | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [openVendor, setOpenVendor] = useState<string | null>(null);
  const [rotating, setRotating] = useState<OperatorVendor | null>(null);
  const mayChange = canManage(me);
  const mayRotate = mayChange && me.merchantCode === null;

  const reload = useCallback(async () => {
    if (!code) return;
    try {
      const { list } = await api<{ list: OperatorVendor[] }>('GET', `/admin-api/catalogue/merchants/${encodeURIComponent(code)}/vendors`);
      setVendors(list);
    } catch (caught) {
      setFeedback({ tone: 'error', text: failure(caught, 'The vendors could not be loaded.') });
    }
  }, [code]);

  useEffect(() => {
    setVendors(null);
    setOpenVendor(null);
    void reload();
  }, [reload]);

  const changeVendor = async (vendor: OperatorVendor, body: OperatorVendorBody, success: string): Promise<boolean> => {
    if (!code) return false;
    try {
      const after = await api<OperatorVendor>(
        'PUT',
        `/admin-api/catalogue/merchants/${encodeURIComponent(code)}/vendors/${encodeURIComponent(vendor.vassalage)}`,
        body,
      );
      setVendors((rows) => rows?.map((row) => (row.vassalage === after.vassalage ? after : row)) ?? rows);
      setFeedback({ tone: 'success', text: success });
      return true;
    } catch (caught) {
      setFeedback({ tone: 'error', text: failure(caught, 'The change was not saved.') });
      return false;
    }
  };

  const shown = openVendor ? vendors?.find((vendor) => vendor.vassalage === openVendor) : undefined;

  return (
    <section aria-labelledby="catalogue-title">
      <div className="section-head">
        <h1 id="catalogue-title">Catalogue</h1>
        <MerchantPicker merchants={merchants} code={code} onChoose={choose} />
      </div>
      {mayChange ? null : (
        <p className="banner info" data-testid="read-only">
          Your role ({me.role}) may view the catalogue but not change it.
        </p>
      )}
      {merchantsError ? <p className="banner error">{merchantsError}</p> : null}
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      {code && shown ? (
        <VendorGames merchantCode={code} vendor={shown} mayChange={mayChange} onBack={() => setOpenVendor(null)} onFeedback={setFeedback} />
      ) : (
        <>
          {vendors === null && !merchantsError ? <p className="empty">Loading…</p> : null}
          {vendors?.length === 0 ? <p className="empty">No vendors in the catalogue.</p> : null}
          {vendors && vendors.length > 0 ? (
            <DataTable className="catalogue" headings={['Vendor', 'Lanes for this merchant', 'Maintenance', 'Actions']}>
              {vendors.map((vendor) => (
                <VendorRow
                  key={vendor.vassalage}
                  vendor={vendor}
                  mayChange={mayChange}
                  mayRotate={mayRotate && !vendor.isHouse}
                  onChange={changeVendor}
                  onOpen={() => setOpenVendor(vendor.vassalage)}
                  onRotate={() => setRotating(vendor)}
                />
              ))}
            </DataTable>
          ) : null}
        </>
      )}
      {rotating ? <RotateSecretDialog vendor={rotating} onClose={() => setRotating(null)} onFeedback={setFeedback} /> : null}
    </section>
  );
}

function VendorRow({
  vendor,
  mayChange,
  mayRotate,
  onChange,
  onOpen,
  onRotate,
}: {
  vendor: OperatorVendor;
  mayChange: boolean;
  mayRotate: boolean;
  onChange: (vendor: OperatorVendor, body: OperatorVendorBody, success: string) => Promise<boolean>;
  onOpen: () => void;
  onRotate: () => void;
}) {
  const laneInMaintenance = vendor.lanes.find((lane) => lane.isMaintenance);
  const [lane, setLane] = useState<string>('');
  const [end, setEnd] = useState(toLocalInput(laneInMaintenance?.maintenanceEnd ?? null));
  const scope = lane ? `${vendor.name} ${lane}` : vendor.name;
  const maintenance = (on: boolean) =>
    onChange(
      vendor,
      {
        ...(lane ? { gameType: lane as OperatorVendorBody['gameType'] } : {}),
        isMaintenance: on,
        maintenanceEnd: on ? fromLocalInput(end) : null,
      },
      on ? `${scope} is in maintenance${end ? ` until ${formatTime(fromLocalInput(end))}` : ''}.` : `${scope} is out of maintenance.`,
    );

  return (
    <tr data-testid={`vendor-${vendor.vassalage}`}>
      <td data-label="Vendor">
        <div className="stack">
          <strong>{vendor.name}</strong>
          <span className="muted small">
            <span className="code">{vendor.vassalage}</span>
            {vendor.isHouse ? ' · house games' : null}
          </span>
          {vendor.status !== 'ACTIVE' ? (
            <span className="pill pill-rejected fit" title="The vendor everywhere, for every merchant">
              platform: {vendor.status.toLowerCase()}
            </span>
          ) : null}
        </div>
      </td>
      <td data-label="Lanes">
        <ul className="lanes">
          {vendor.lanes.map((item) => {
            const state = laneState(item);
            return (
              <li key={item.gameType}>
                <span className="lane-name">{item.gameType}</span>
                <Switch
                  label={`${vendor.name} ${item.gameType} on`}
                  checked={item.isEnabled}
                  disabled={!mayChange}
                  onChange={(on) =>
                    onChange(
                      vendor,
                      { gameType: item.gameType, isEnabled: on },
                      `${vendor.name} ${item.gameType} switched ${on ? 'on' : 'off'}.`,
                    )
                  }
                />
                <span className={`pill pill-${state.pill}`}>{state.text}</span>
                {item.isMaintenance && item.maintenanceEnd ? (
                  <span className="muted small">until {formatTime(item.maintenanceEnd)}</span>
                ) : null}
              </li>
            );
          })}
        </ul>
      </td>
      <td data-label="Maintenance">
        {mayChange ? (
          <form
            className="maintenance-form"
            aria-label={`Maintenance of ${vendor.name}`}
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              void maintenance(true);
            }}
          >
            <div className="field-pair">
              <select aria-label={`Lane of ${vendor.name}`} value={lane} onChange={(event) => setLane(event.target.value)}>
                <option value="">All lanes</option>
                {vendor.lanes.map((item) => (
                  <option key={item.gameType} value={item.gameType}>
                    {item.gameType}
                  </option>
                ))}
              </select>
              <input
                type="datetime-local"
                aria-label={`Planned end of ${vendor.name} maintenance`}
                title="Planned end (optional)"
                value={end}
                onChange={(event) => setEnd(event.target.value)}
              />
            </div>
            <div className="actions">
              <button type="submit" className="button warn">
                Start maintenance
              </button>
              <button type="button" className="button ghost" onClick={() => void maintenance(false)}>
                End
              </button>
            </div>
          </form>
        ) : (
          <span className="muted">{laneInMaintenance ? 'In maintenance' : 'None'}</span>
        )}
      </td>
      <td data-label="Actions">
        <div className="actions">
          <button type="button" className="button primary" onClick={onOpen}>
            Games
          </button>
          {mayRotate ? (
            <button type="button" className="button danger-outline" onClick={onRotate}>
              Rotate secret
            </button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

type Override = 'catalogue' | 'yes' | 'no';
const overrideOf = (value: boolean | null): Override => (value === null ? 'catalogue' : value ? 'yes' : 'no');
const overrideValue = (value: Override): boolean | null => (value === 'catalogue' ? null : value === 'yes');

/** A vendor's games for the merchant: search by name or code, a lane filter, paging, and each game's settings. */
function VendorGames({
  merchantCode,
  vendor,
  mayChange,
  onBack,
  onFeedback,
}: {
  merchantCode: string;
  vendor: OperatorVendor;
  mayChange: boolean;
  onBack: () => void;
  onFeedback: (feedback: Feedback) => void;
}) {
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [gameType, setGameType] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<{ list: OperatorGame[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const query = new URLSearchParams({ vassalage: vendor.vassalage, pageNo: String(pageNo), pageSize: String(PAGE_SIZE) });
    if (applied) query.set('search', applied);
    if (gameType) query.set('gameType', gameType);
    setError(null);
    try {
      setPage(await api('GET', `/admin-api/catalogue/merchants/${encodeURIComponent(merchantCode)}/games?${query}`));
    } catch (caught) {
      setError(failure(caught, 'The games could not be loaded.'));
    }
  }, [merchantCode, vendor.vassalage, pageNo, applied, gameType]);

  useEffect(() => {
    void load();
  }, [load]);

  const change = async (game: OperatorGame, body: OperatorGameBody, success: string) => {
    try {
      const after = await api<OperatorGame>(
        'PUT',
        `/admin-api/catalogue/merchants/${encodeURIComponent(merchantCode)}/games/${game.nodeId}`,
        body,
      );
      setPage((current) =>
        current ? { ...current, list: current.list.map((row) => (row.nodeId === after.nodeId ? after : row)) } : current,
      );
      onFeedback({ tone: 'success', text: success });
    } catch (caught) {
      onFeedback({ tone: 'error', text: failure(caught, 'The change was not saved.') });
    }
  };

  return (
    <section aria-labelledby="games-title">
      <div className="section-head">
        <div className="stack">
          <button type="button" className="button link back" onClick={onBack}>
            ← All vendors
          </button>
          <h2 id="games-title">
            Games of {vendor.name} <span className="code">{vendor.vassalage}</span>
          </h2>
        </div>
        <form
          className="filters"
          aria-label="Find games"
          onSubmit={(event) => {
            event.preventDefault();
            setPageNo(1);
            setApplied(search.trim());
          }}
        >
          <label className="field inline">
            <span>Search</span>
            <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="name or code" />
          </label>
          {vendor.lanes.length > 1 ? (
            <label className="field inline">
              <span>Lane</span>
              <select
                value={gameType}
                onChange={(event) => {
                  setPageNo(1);
                  setGameType(event.target.value);
                }}
              >
                <option value="">All</option>
                {vendor.lanes.map((lane) => (
                  <option key={lane.gameType} value={lane.gameType}>
                    {lane.gameType}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <button type="submit" className="button ghost">
            Find
          </button>
        </form>
      </div>
      <ListStatus error={error} rows={page?.list} empty={`No games${applied ? ` matching “${applied}”` : ''}.`} />
      {page && page.list.length > 0 ? (
        <DataTable className="games" headings={GAME_HEADINGS}>
          {page.list.map((game) => (
            <GameRow key={game.nodeId} game={game} mayChange={mayChange} onChange={change} />
          ))}
        </DataTable>
      ) : null}
      {page && page.total > PAGE_SIZE ? (
        <Pager pageNo={pageNo} pageSize={PAGE_SIZE} total={page.total} noun="games" onPage={setPageNo} />
      ) : page ? (
        <p className="muted small center">
          {page.total} game{page.total === 1 ? '' : 's'}
        </p>
      ) : null}
    </section>
  );
}

function GameRow({
  game,
  mayChange,
  onChange,
}: {
  game: OperatorGame;
  mayChange: boolean;
  onChange: (game: OperatorGame, body: OperatorGameBody, success: string) => Promise<void>;
}) {
  const [end, setEnd] = useState(toLocalInput(game.maintenanceEnd));
  const [sort, setSort] = useState(String(game.sort));
  useEffect(() => setSort(String(game.sort)), [game.sort]);
  const name = game.gameName;
  const hasOverrides = game.overrides.isHot !== null || game.overrides.isNew !== null || game.overrides.sort !== null;
  const flag = (key: 'isHot' | 'isNew', label: string) => (
    <select
      aria-label={`${label} of ${name}`}
      value={overrideOf(game.overrides[key])}
      disabled={!mayChange}
      onChange={(event) => {
        const value = overrideValue(event.target.value as Override);
        void onChange(
          game,
          { [key]: value },
          value === null
            ? `${name}: ${label.toLowerCase()} back to the catalogue's value.`
            : `${name}: ${label.toLowerCase()} ${value ? 'on' : 'off'}.`,
        );
      }}
    >
      <option value="catalogue">Catalogue ({game.overrides[key] === null ? (game[key] ? 'yes' : 'no') : '—'})</option>
      <option value="yes">Yes</option>
      <option value="no">No</option>
    </select>
  );

  return (
    <tr data-testid={`game-${game.nodeId}`}>
      <td data-label="Game">
        <div className="stack">
          <strong>{name}</strong>
          <span className="muted small">
            <span className="code">{game.gameCode}</span> · {game.gameType} · #{game.nodeId}
          </span>
          {game.status !== 'ACTIVE' ? <span className="pill pill-rejected fit">platform: {game.status.toLowerCase()}</span> : null}
        </div>
      </td>
      <td data-label="On">
        <Switch
          label={`${name} on`}
          checked={game.isEnabled}
          disabled={!mayChange}
          text={['On', 'Off']}
          onChange={(on) => onChange(game, { isEnabled: on }, `${name} switched ${on ? 'on' : 'off'}.`)}
        />
      </td>
      <td data-label="Maintenance">
        <div className="maintenance-cell">
          <Switch
            label={`${name} in maintenance`}
            tone="warn"
            checked={game.isMaintenance}
            disabled={!mayChange}
            text={['Yes', 'No']}
            onChange={(on) =>
              onChange(
                game,
                { isMaintenance: on, maintenanceEnd: on ? fromLocalInput(end) : null },
                on
                  ? `${name} is in maintenance${end ? ` until ${formatTime(fromLocalInput(end))}` : ''}.`
                  : `${name} is out of maintenance.`,
              )
            }
          />
          {mayChange ? (
            <input
              type="datetime-local"
              aria-label={`Planned end of ${name} maintenance`}
              title="Planned end (optional)"
              value={end}
              onChange={(event) => setEnd(event.target.value)}
              onBlur={() => {
                const iso = fromLocalInput(end);
                if (game.isMaintenance && iso !== game.maintenanceEnd)
                  void onChange(game, { maintenanceEnd: iso }, `${name}: maintenance ends ${iso ? formatTime(iso) : 'when switched off'}.`);
              }}
            />
          ) : game.maintenanceEnd ? (
            <span className="muted small">until {formatTime(game.maintenanceEnd)}</span>
          ) : null}
        </div>
      </td>
      <td data-label="Hot">{flag('isHot', 'Hot')}</td>
      <td data-label="New">{flag('isNew', 'New')}</td>
      <td data-label="Order">
        <form
          className="sort-form"
          onSubmit={(event) => {
            event.preventDefault();
            const value = Number(sort);
            if (!Number.isInteger(value)) return;
            void onChange(game, { sort: value }, `${name}: order set to ${value}.`);
          }}
        >
          <input
            type="number"
            step={1}
            aria-label={`Order of ${name}`}
            value={sort}
            disabled={!mayChange}
            onChange={(event) => setSort(event.target.value)}
            className={game.overrides.sort === null ? undefined : 'overridden'}
          />
          {mayChange && sort !== String(game.sort) ? (
            <button type="submit" className="button ghost small-button">
              Save
            </button>
          ) : null}
        </form>
      </td>
      <td data-label="Reset">
        {mayChange && hasOverrides ? (
          <button
            type="button"
            className="button link"
            onClick={() =>
              void onChange(game, { isHot: null, isNew: null, sort: null }, `${name}: hot, new and order back to the catalogue's values.`)
            }
          >
            Reset to catalogue
          </button>
        ) : (
          <span className="muted small">{hasOverrides ? 'overridden' : 'catalogue values'}</span>
        )}
      </td>
    </tr>
  );
}

/** Confirm first; then the new secret once, with a copy button; closing forgets it. */
function RotateSecretDialog({
  vendor,
  onClose,
  onFeedback,
}: {
  vendor: OperatorVendor;
  onClose: () => void;
  onFeedback: (feedback: Feedback) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const rotate = async () => {
    setIsBusy(true);
    setError(null);
    try {
      const value = await api<{ secret: string }>('POST', `/admin-api/catalogue/vendors/${encodeURIComponent(vendor.vassalage)}/secret`);
      setSecret(value.secret);
      onFeedback({ tone: 'success', text: `${vendor.name}'s secret rotated. Give the new one to the vendor now.` });
    } catch (caught) {
      setError(failure(caught, 'The secret was not rotated.'));
    } finally {
      setIsBusy(false);
    }
  };

  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setError('Copying was refused by the browser; select the secret and copy it by hand.');
    }
  };

  return (
    <dialog ref={dialog} className="proof-dialog secret-dialog" onClose={onClose} aria-labelledby="secret-title">
      <div className="dialog-head">
        <h2 id="secret-title">Rotate the secret of {vendor.name}</h2>
      </div>
      {error ? <p className="banner error">{error}</p> : null}
      {secret ? (
        <div className="form">
          <p className="banner info">
            This is the only time the secret is shown. Copy it and give it to {vendor.name} now; calls signed with the old secret are
            refused within seconds.
          </p>
          <div className="secret-box">
            <textarea
              readOnly
              rows={2}
              value={secret}
              aria-label="New secret"
              className="mono"
              spellCheck={false}
              onFocus={(event) => event.target.select()}
            />
            <button type="button" className="button primary" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy'}
            </button>
          </div>
          <div className="actions end">
            <button type="button" className="button ghost" onClick={() => dialog.current?.close()}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <div className="form">
          <p>
            A new HMAC secret replaces the current one for <strong>every merchant</strong>. {vendor.name}'s calls signed with the old secret
            stop working within seconds, until the vendor uses the new one.
          </p>
          <div className="actions end">
            <button type="button" className="button ghost" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="button" className="button danger" disabled={isBusy} onClick={() => void rotate()}>
              {isBusy ? 'Rotating…' : 'Rotate secret'}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
