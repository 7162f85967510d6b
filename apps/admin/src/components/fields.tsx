import type { InputHTMLAttributes, ReactNode } from 'react';

/** A code as operators read it: lower case, its first underscore a space ("IN_PROCESS" -> "in process"). */
export const spaced = (value: string) => value.replace('_', ' ').toLowerCase();
const lowerCase = (value: string) => value.toLowerCase();

/** A select's options over a list of codes (or numbers): each its own value, shown as `text` of it (the code itself by default). */
export function Options<T extends string | number>({ values, text = String }: { values: readonly T[]; text?: (value: T) => ReactNode }) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {text(value)}
        </option>
      ))}
    </>
  );
}

/** A labelled select over a list of codes; `anyLabel` adds an empty first choice ("all", "any"); `name` names the select. */
export function ChoiceField<T extends string>({
  label,
  value,
  options,
  onChange,
  anyLabel,
  optionText = lowerCase,
  name,
}: {
  label: string;
  value: string;
  options: readonly T[];
  onChange: (value: T) => void;
  anyLabel?: string;
  optionText?: (value: T) => string;
  name?: string;
}) {
  return (
    <label className="field compact">
      <span>{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value as T)} name={name}>
        {anyLabel === undefined ? null : <option value="">{anyLabel}</option>}
        <Options values={options} text={optionText} />
      </select>
    </label>
  );
}

/** A labelled text input; `onChange` gets the new text. Other input attributes pass through. */
export function TextField({
  label,
  value,
  onChange,
  ...input
}: { label: ReactNode; value: string; onChange: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange'
>) {
  return (
    <label className="field compact">
      <span>{label}</span>
      <input value={value} onChange={(event) => onChange(event.target.value)} {...input} />
    </label>
  );
}

/** A six-digit authenticator code: digits only (at most six), offered the browser's one-time-code autofill. */
export function TotpCodeField({
  label,
  value,
  onChange,
  ...input
}: { label: string; value: string; onChange: (code: string) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{6}"
        required
        {...input}
      />
    </label>
  );
}

/** An editable table cell: `column` labels it on phones; name the input with aria-label. */
export function InputCell({
  column,
  className,
  onChange,
  ...input
}: { column: string; className?: string; onChange: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'className'
>) {
  return (
    <td data-label={column} className={className}>
      <input onChange={(event) => onChange(event.target.value)} {...input} />
    </td>
  );
}

/** A checkbox with its text beside it. */
export function CheckboxField({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="field-row">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

/** A list's filter bar: the fields, then the button that applies them. */
export function FilterForm({ submitLabel, onApply, children }: { submitLabel: string; onApply: () => void; children: ReactNode }) {
  return (
    <form
      className="filters card"
      onSubmit={(event) => {
        event.preventDefault();
        onApply();
      }}
    >
      {children}
      <button type="submit" className="button primary">
        {submitLabel}
      </button>
    </form>
  );
}

/** A member's cell: the name, then the id. */
export function MemberCell({ name, id, label = 'Member' }: { name: string; id: number; label?: string }) {
  return (
    <td data-label={label}>
      <strong>{name}</strong>
      <span className="muted"> · #{id}</span>
    </td>
  );
}

/** The list with the item at `index` changed by `patch` (an editable table's row). */
export function patchAt<T>(list: readonly T[], index: number, patch: Partial<T>): T[] {
  return list.map((item, at) => (at === index ? { ...item, ...patch } : item));
}

/**
 * An editable list, one `field-row` a row: the row's fields (`fields` is given the row and a
 * patch of it), its Remove button (disabled while only `minRows` are left), then Add, which
 * appends `blank`.
 */
export function EditableRows<T>({
  rows,
  onChange,
  blank,
  addLabel,
  minRows = 0,
  fields,
}: {
  rows: readonly T[];
  onChange: (rows: T[]) => void;
  blank: NoInfer<T>;
  addLabel: string;
  minRows?: number;
  fields: (row: T, patch: (patch: Partial<T>) => void) => ReactNode;
}) {
  return (
    <>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the list being edited.
        <div key={index} className="field-row">
          {fields(row, (patch) => onChange(patchAt(rows, index, patch)))}
          <button
            type="button"
            className="button ghost"
            disabled={rows.length <= minRows}
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
          >
            Remove
          </button>
        </div>
      ))}
      <button type="button" className="button ghost" onClick={() => onChange([...rows, blank])}>
        {addLabel}
      </button>
    </>
  );
}
