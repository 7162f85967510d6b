import type { OperatorVendor, OperatorVendorBody } from '@kismat/contracts/operator-catalogue';
import { type FormEvent, useState } from 'react';
import { Switch } from '../components/switch';
import { formatTime, fromLocalInput, toLocalInput } from '../format';

function laneState(lane: OperatorVendor['lanes'][number]): { text: string; pill: string } {
  if (!lane.isEnabled) return { text: 'off', pill: 'rejected' };
  if (lane.isMaintenance) return { text: 'maintenance', pill: 'pending' };
  return { text: 'on', pill: 'approved' };
}

/** One vendor: its lanes switched on or off, maintenance by lane with a planned end, its games and secret. */
export function VendorRow({
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
