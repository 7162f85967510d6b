import { OPERATOR_PROMOTION_PATHS } from '@kismat/contracts/promotions';
import { useEffect, useState } from 'react';
import { api, failureText } from '../api';
import { NumCell } from '../components/data-table';
import { TextField } from '../components/fields';
import { formatMoney } from '../format';
import { isAmount, type PrizeRow } from './promotions-form-model';

interface Cost {
  expectedPerDraw: string;
  expectedForPeriod: string;
  worstCase: string | null;
  maxPrize: string;
  chances: number[];
}

/** The most `draws` draws can pay: the biggest prizes first, each up to its stock (exact, in minor units). */
function worstCase(prizes: readonly PrizeRow[], draws: number): string {
  const toMinor = (amount: string) => {
    const [whole = '0', fraction = ''] = amount.trim().split('.');
    return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2) || '0');
  };
  let left = BigInt(draws);
  let total = 0n;
  for (const prize of [...prizes].sort((a, b) => (toMinor(b.amount) > toMinor(a.amount) ? 1 : -1))) {
    if (left === 0n) break;
    const taken = prize.stock.trim() === '' || BigInt(prize.stock) > left ? left : BigInt(prize.stock);
    total += taken * toMinor(prize.amount);
    left -= taken;
  }
  return `${total / 100n}.${(total % 100n).toString().padStart(2, '0')}`;
}

/**
 * The weighted prize table with its expected cost, recomputed by the server as the operator
 * types (the same arithmetic the draw budget uses): average prize, the period's expected cost
 * for the draws planned, and for a red envelope the worst case the stock allows.
 */
export function PrizeEditor({ prizes, onChange }: { prizes: PrizeRow[]; onChange: (prizes: PrizeRow[]) => void }) {
  const [draws, setDraws] = useState('1000');
  const [cost, setCost] = useState<Cost | null>(null);
  const [costError, setCostError] = useState<string | null>(null);
  const isComplete =
    prizes.length > 0 && prizes.every((prize) => isAmount(prize.amount) && /^\d+$/.test(prize.weight) && Number(prize.weight) > 0);
  const key = JSON.stringify({ prizes, draws });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key holds every input of the estimate.
  useEffect(() => {
    if (!isComplete || !/^\d+$/.test(draws)) {
      setCost(null);
      return;
    }
    let isCurrent = true;
    const timer = window.setTimeout(() => {
      const request = api<{ expectedPrize: string; expectedCost: string; maxPrize: string; chancesBp: number[] }>(
        'POST',
        OPERATOR_PROMOTION_PATHS.expectedCost,
        {
          prizes: prizes.map((prize) => ({
            amount: prize.amount,
            weight: Number(prize.weight),
            stockPerPeriod: prize.stock ? Number(prize.stock) : null,
          })),
          expectedDraws: Math.max(1, Number(draws)),
        },
      ).then((value) => ({
        expectedPerDraw: value.expectedPrize,
        expectedForPeriod: value.expectedCost,
        worstCase: worstCase(prizes, Number(draws)),
        maxPrize: value.maxPrize,
        chances: value.chancesBp.map((bp) => bp / 100),
      }));
      request
        .then((value) => {
          if (!isCurrent) return;
          setCost(value);
          setCostError(null);
        })
        .catch((caught: unknown) => {
          if (!isCurrent) return;
          setCost(null);
          setCostError(failureText(caught, 'The expected cost could not be computed.'));
        });
    }, 350);
    return () => {
      isCurrent = false;
      window.clearTimeout(timer);
    };
  }, [key]);

  const update = (index: number, patch: Partial<PrizeRow>) =>
    onChange(prizes.map((prize, at) => (at === index ? { ...prize, ...patch } : prize)));
  return (
    <fieldset className="card prize-editor">
      <legend>Prize table</legend>
      <p className="hint">
        Each draw picks a prize by weight. A prize out of stock for the day pays the last prize instead, so the last one is the smallest and
        has no stock limit.
      </p>
      <table className="table compact-table">
        <thead>
          <tr>
            <th scope="col">Amount</th>
            <th scope="col">Weight</th>
            <th scope="col">Stock per period</th>
            <th scope="col" className="num">
              Chance
            </th>
            <th scope="col" aria-label="Remove" />
          </tr>
        </thead>
        <tbody>
          {prizes.map((prize, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the table being edited.
            <tr key={index} data-testid="prize-row">
              <td data-label="Amount">
                <input
                  aria-label={`Prize ${index + 1} amount`}
                  value={prize.amount}
                  inputMode="decimal"
                  onChange={(event) => update(index, { amount: event.target.value })}
                />
              </td>
              <td data-label="Weight">
                <input
                  aria-label={`Prize ${index + 1} weight`}
                  value={prize.weight}
                  inputMode="numeric"
                  onChange={(event) => update(index, { weight: event.target.value })}
                />
              </td>
              <td data-label="Stock per period">
                <input
                  aria-label={`Prize ${index + 1} stock`}
                  value={prize.stock}
                  placeholder={index === prizes.length - 1 ? 'no limit' : 'empty: no limit'}
                  inputMode="numeric"
                  onChange={(event) => update(index, { stock: event.target.value })}
                />
              </td>
              <NumCell label="Chance">{cost?.chances[index] !== undefined ? `${cost.chances[index].toFixed(2)}%` : '—'}</NumCell>
              <td>
                <button
                  type="button"
                  className="button ghost"
                  disabled={prizes.length <= 1}
                  onClick={() => onChange(prizes.filter((_, at) => at !== index))}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <button type="button" className="button ghost" onClick={() => onChange([{ amount: '', weight: '1', stock: '' }, ...prizes])}>
          Add prize
        </button>
        <TextField label="Draws per period (planned)" value={draws} inputMode="numeric" onChange={setDraws} />
      </div>
      {costError ? <p className="field-error">{costError}</p> : null}
      {cost ? (
        <dl className="cost-summary" data-testid="expected-cost">
          <div>
            <dt>Expected per draw</dt>
            <dd>{formatMoney(cost.expectedPerDraw)}</dd>
          </div>
          <div>
            <dt>Expected per period ({draws} draws)</dt>
            <dd>{formatMoney(cost.expectedForPeriod)}</dd>
          </div>
          {cost.worstCase ? (
            <div>
              <dt>Worst case per period</dt>
              <dd>{formatMoney(cost.worstCase)}</dd>
            </div>
          ) : null}
          <div>
            <dt>Top prize</dt>
            <dd>{formatMoney(cost.maxPrize)}</dd>
          </div>
        </dl>
      ) : isComplete ? null : (
        <p className="hint">Fill every amount and weight to see the expected cost.</p>
      )}
    </fieldset>
  );
}
