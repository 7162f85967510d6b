import type { AdjustmentValue } from '@kismat/contracts/operator-accounts';
import { type FormEvent, useState } from 'react';
import { api, failureText } from '../api';
import { type Feedback, FeedbackBanner } from '../components/feedback';
import { Page } from '../components/page';
import { formatMoney, newIdempotencyKey } from '../format';

const AMOUNT_PATTERN = /^[+-]?\d{1,12}(\.\d{1,2})?$/;

/** A manual credit (+) or debit (-) of a member's cash or bonus balance, with a required reason. */
export function AdjustmentPage() {
  const [username, setUsername] = useState('');
  const [account, setAccount] = useState<'cash' | 'bonus'>('cash');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // One key per intended adjustment: a double click or a retry after a lost answer applies once.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const isAmountValid = AMOUNT_PATTERN.test(amount.trim()) && Number(amount) !== 0;
  const isDebit = amount.trim().startsWith('-');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    setFeedback(null);
    try {
      const result = await api<AdjustmentValue>('POST', '/admin-api/wallet/adjustments', {
        username: username.trim(),
        account,
        amount: amount.trim(),
        reason: reason.trim(),
        idempotencyKey,
      });
      setFeedback({
        tone: 'success',
        text: `${result.isReplay ? 'Already applied' : 'Applied'}: ${formatMoney(result.amount)} to ${result.username}'s ${result.account} balance, now ${formatMoney(result.balanceAfter)}.`,
      });
      setAmount('');
      setReason('');
      setIdempotencyKey(newIdempotencyKey());
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The server could not be reached.') });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Page id="adjust" title="Adjust a balance" className="narrow">
      <p className="hint">
        Credits or debits a member through the ledger against the adjustment account. A debit never takes a balance below zero. The member
        is notified and the audit log keeps your reason.
      </p>
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <form className="card form" onSubmit={(event) => void submit(event)}>
        <label className="field">
          <span>Member username</span>
          <input value={username} onChange={(event) => setUsername(event.target.value)} required autoComplete="off" />
        </label>
        <div className="field-row">
          <label className="field">
            <span>Account</span>
            <select value={account} onChange={(event) => setAccount(event.target.value as 'cash' | 'bonus')}>
              <option value="cash">cash</option>
              <option value="bonus">bonus</option>
            </select>
          </label>
          <label className="field">
            <span>Amount (signed, e.g. 150.00 or -20.50)</span>
            <input
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              inputMode="decimal"
              required
              aria-invalid={amount !== '' && !isAmountValid}
            />
          </label>
        </div>
        {amount !== '' && !isAmountValid ? <p className="field-error">Enter a non-zero amount with at most two decimals.</p> : null}
        <label className="field">
          <span>Reason</span>
          <textarea value={reason} onChange={(event) => setReason(event.target.value)} required minLength={3} maxLength={500} rows={3} />
        </label>
        <button
          type="submit"
          className={`button wide ${isDebit ? 'danger' : 'primary'}`}
          disabled={isBusy || !isAmountValid || reason.trim().length < 3}
        >
          {isBusy ? 'Applying…' : isDebit ? 'Debit balance' : 'Credit balance'}
        </button>
      </form>
    </Page>
  );
}
