import { formatMoneyForDisplay } from '@kismat/contracts/money-display';

/** Amounts as the API sends them ("1234.50"), grouped for reading; Latin digits, two places, read exactly (never Number()). */
export function formatMoney(amount: string): string {
  return formatMoneyForDisplay(amount, 'en-US');
}

export function formatTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return date.toLocaleString('en-GB', { year: 'numeric', month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit' });
}

/** A fresh key per submitted form: a retried click or a lost response then applies once. */
export function newIdempotencyKey(): string {
  return `admin-${crypto.randomUUID()}`;
}

/** An ISO time as the value of a datetime-local input (local time, minutes). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local input's value as an ISO time for the API; empty: null (no planned end). */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
