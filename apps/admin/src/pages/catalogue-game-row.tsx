import type { OperatorGame, OperatorGameBody } from '@kismat/contracts/operator-catalogue';
import { useEffect, useState } from 'react';
import { Switch } from '../components/switch';
import { formatTime, fromLocalInput, toLocalInput } from '../format';

type Override = 'catalogue' | 'yes' | 'no';
const overrideOf = (value: boolean | null): Override => (value === null ? 'catalogue' : value ? 'yes' : 'no');
const overrideValue = (value: Override): boolean | null => (value === 'catalogue' ? null : value === 'yes');

/** One game's settings for the merchant: on/off, maintenance with a planned end, hot, new and order overrides. */
export function GameRow({
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
