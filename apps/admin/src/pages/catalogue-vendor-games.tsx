import type { OperatorGame, OperatorGameBody, OperatorVendor } from '@kismat/contracts/operator-catalogue';
import { useCallback, useEffect, useState } from 'react';
import { api, failureText } from '../api';
import { ListTable, Pager } from '../components/data-table';
import type { Feedback } from '../components/feedback';
import { GameRow } from './catalogue-game-row';

const PAGE_SIZE = 25;
const GAME_HEADINGS = ['Game', 'On', 'Maintenance', 'Hot', 'New', 'Order', { label: '', ariaLabel: 'Reset' }] as const;

/** A vendor's games for the merchant: search by name or code, a lane filter, paging, and each game's settings. */
export function VendorGames({
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
      setError(failureText(caught, 'The games could not be loaded.'));
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
      onFeedback({ tone: 'error', text: failureText(caught, 'The change was not saved.') });
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
      <ListTable
        error={error}
        rows={page?.list}
        empty={`No games${applied ? ` matching “${applied}”` : ''}.`}
        className="games"
        headings={GAME_HEADINGS}
        row={(game) => <GameRow key={game.nodeId} game={game} mayChange={mayChange} onChange={change} />}
      />
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
