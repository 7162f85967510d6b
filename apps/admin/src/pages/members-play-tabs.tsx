import type { MemberPromotionsValue, MemberRoundsValue } from '@kismat/contracts/member-desk';
import { useCallback, useState } from 'react';
import { api } from '../api';
import { ListTable, Pager } from '../components/data-table';
import { useLoaded } from '../components/use-loaded';
import { formatMoney, formatTime } from '../format';

const ROUNDS_PAGE = 50;

/** Rounds over every game path (vendor games, slots, lottery, originals), the last 90 days, with totals. */
export function RoundsTab({ id }: { id: number }) {
  const [pageNo, setPageNo] = useState(1);
  const { data, error } = useLoaded(
    useCallback(() => api<MemberRoundsValue>('GET', `/admin-api/members/${id}/rounds?pageNo=${pageNo}`), [id, pageNo]),
    'Rounds could not be loaded.',
    { clearOnChange: true },
  );
  return (
    <>
      {data ? (
        <dl className="facts">
          <div>
            <dt>Rounds (90 days)</dt>
            <dd>{data.totals.rounds}</dd>
          </div>
          <div>
            <dt>Bets</dt>
            <dd>{formatMoney(data.totals.betAmount)}</dd>
          </div>
          <div>
            <dt>Wins</dt>
            <dd>{formatMoney(data.totals.payout)}</dd>
          </div>
          <div>
            <dt>Member result</dt>
            <dd>{formatMoney(data.totals.profit)}</dd>
          </div>
        </dl>
      ) : null}
      <ListTable
        error={error}
        rows={data?.items}
        empty="No rounds in the last 90 days."
        headings={['Bet time', 'Vendor', 'Game', 'Type', { label: 'Bet', className: 'num' }, { label: 'Win', className: 'num' }, 'Status']}
        row={(round) => (
          <tr key={round.roundId}>
            <td data-label="Bet time">{formatTime(round.betTime)}</td>
            <td data-label="Vendor">{round.vendorName}</td>
            <td data-label="Game">{round.gameName}</td>
            <td data-label="Type">{round.gameType}</td>
            <td data-label="Bet" className="num">
              {formatMoney(round.betAmount)}
            </td>
            <td data-label="Win" className="num">
              {formatMoney(round.payout)}
            </td>
            <td data-label="Status">
              <span className="code">{round.status}</span>
            </td>
          </tr>
        )}
      />
      {data ? <Pager pageNo={pageNo} pageSize={ROUNDS_PAGE} total={data.total} noun="rounds" onPage={setPageNo} /> : null}
    </>
  );
}

/** Promotions the member takes part in, with the turnover each award still asks for. */
export function PromotionsTab({ id }: { id: number }) {
  const { data, error } = useLoaded(
    useCallback(() => api<MemberPromotionsValue>('GET', `/admin-api/members/${id}/promotions`), [id]),
    'Promotions could not be loaded.',
  );
  return (
    <ListTable
      error={error}
      rows={data?.items}
      empty="The member takes part in no live promotion."
      headings={[
        'Promotion',
        'Status',
        { label: 'Award', className: 'num' },
        'Awarded',
        { label: 'Turnover done / required', className: 'num' },
      ]}
      row={(promotion) => (
        <tr key={promotion.id}>
          <td data-label="Promotion">
            <strong>{promotion.title}</strong> <span className="muted small">{promotion.kind}</span>
          </td>
          <td data-label="Status">{promotion.status}</td>
          <td data-label="Award" className="num">
            {promotion.award ? formatMoney(promotion.award.amount) : '—'}
          </td>
          <td data-label="Awarded">{promotion.award ? formatTime(promotion.award.createdAt) : '—'}</td>
          <td data-label="Turnover done / required" className="num">
            {promotion.turnover
              ? `${formatMoney(promotion.turnover.done)} / ${formatMoney(promotion.turnover.required)} (${promotion.turnover.status.toLowerCase()})`
              : '—'}
          </td>
        </tr>
      )}
    />
  );
}
