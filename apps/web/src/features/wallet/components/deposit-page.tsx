import type { DepositChannelValue, DepositValue } from '@kismat/contracts/cashier';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FileField } from '@/components/ui/file-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useFormatDateTime } from '@/lib/format-date';
import { openOrderOf, useCreateDeposit } from '../api/create-deposit';
import { useDepositChannels, useDeposits } from '../api/get-deposit-channels';
import { useUploadProof } from '../api/upload-proof';
import { newIdempotencyKey } from '../api/wallet-keys';
import { isAmountText } from '../utils/amount';
import { DepositOrderPanel } from './deposit-order-panel';
import { ErrorText } from './error-text';
import { useFormatAmount } from './use-amount-locale';
import styles from './wallet.module.css';

const MAX_PROOF_BYTES = 5 * 1024 * 1024;

function RecentDeposits() {
  const { t } = useTranslation();
  const format = useFormatAmount();
  const formatWhen = useFormatDateTime();
  const deposits = useDeposits();
  if (!deposits.data?.length) return null;
  return (
    <section className={styles.card} aria-labelledby="recent-deposits">
      <h3 id="recent-deposits" className={styles.cardTitle}>
        {t('wallet.deposit.recent')}
      </h3>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t('wallet.history.time')}</th>
              <th>{t('wallet.deposit.channel')}</th>
              <th className={styles.number}>{t('wallet.amount')}</th>
              <th>{t('wallet.history.status')}</th>
            </tr>
          </thead>
          <tbody>
            {deposits.data.slice(0, 5).map((row) => (
              <tr key={row.id}>
                <td>{formatWhen(row.createdAt)}</td>
                <td data-label={t('wallet.deposit.channel')}>
                  {row.channelName}
                  {row.isSandbox ? (
                    <span className={`${styles.sandboxTag} ${styles.inlineTag}`}>{t('wallet.deposit.sandboxTag')}</span>
                  ) : null}
                </td>
                <td className={styles.number} data-label={t('wallet.amount')}>
                  {format(row.amount)}
                </td>
                <td data-label={t('wallet.history.status')}>
                  <span className={styles.status}>{t(`wallet.status.${row.status}`)}</span>
                  {row.paidAfter ? <span className={styles.notice}> {t('wallet.deposit.paidAfter')}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * depositv2: pick a channel, pay, then submit the reference and an optional proof (or pay online).
 * An online payment is an order on the server, one open per channel: the page shows the open one
 * at the top (and scrolls to it when "Pay online" answers), and a second tap gets the same order.
 */
export function DepositPage() {
  const { t } = useTranslation();
  const format = useFormatAmount();
  const [searchParams] = useSearchParams();
  const channels = useDepositChannels();
  const [channelId, setChannelId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [created, setCreated] = useState<DepositValue | null>(null);
  /** The online order the member just asked for (or was refused because of); each answer scrolls to it again. */
  const [ordered, setOrdered] = useState<{ deposit: DepositValue; scrollRequest: number } | null>(null);
  const keyRef = useRef(newIdempotencyKey());
  // A second tap can arrive before React re-renders the disabled button: this closes the gap.
  const isSubmittingRef = useRef(false);
  const upload = useUploadProof();
  const create = useCreateDeposit();
  const deposits = useDeposits();
  const sandboxDepositId = Number(searchParams.get('sandboxDeposit') ?? 0);

  if (channels.isPending) return <Spinner isCentered label={t('wallet.loading')} />;
  const list = channels.data ?? [];
  const channel: DepositChannelValue | undefined = list.find((item) => item.id === channelId) ?? list[0];
  if (!channel) return <p className={styles.notice}>{t('wallet.deposit.noChannels')}</p>;
  const isGateway = channel.kind === 'gateway';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setFieldError(null);
    if (!isAmountText(amount) || Number(amount) < Number(channel.minAmount) || Number(amount) > Number(channel.maxAmount)) {
      setFieldError(t('wallet.errors.amountRange', { min: format(channel.minAmount), max: format(channel.maxAmount) }));
      return;
    }
    if (!isGateway && reference.trim().length < 4) {
      setFieldError(t('wallet.errors.reference'));
      return;
    }
    if (proof && (proof.size > MAX_PROOF_BYTES || !/^image\/(png|jpe?g)$/.test(proof.type))) {
      setFieldError(t('wallet.errors.proof'));
      return;
    }
    if (isSubmittingRef.current) return;
    isSubmittingRef.current = true;
    let deposit: DepositValue;
    try {
      const proofUploadId = proof ? (await upload.mutateAsync(proof)).uploadId : undefined;
      deposit = await create.mutateAsync({
        channelId: channel.id,
        amount: amount.trim(),
        ...(isGateway ? {} : { reference: reference.trim() }),
        ...(proofUploadId ? { proofUploadId } : {}),
        idempotencyKey: keyRef.current,
      });
    } catch (error) {
      // Another amount while an order is open: show that order, which the member pays or cancels.
      const open = openOrderOf(error);
      if (open) showOrder(open);
      throw error;
    } finally {
      isSubmittingRef.current = false;
    }
    keyRef.current = newIdempotencyKey();
    setCreated(deposit);
    if (deposit.channelKind === 'gateway') showOrder(deposit);
    setAmount('');
    setReference('');
    setProof(null);
    // The file input keeps showing the chosen name unless the form itself is reset.
    form.reset();
  };

  const showOrder = (deposit: DepositValue) => setOrdered((current) => ({ deposit, scrollRequest: (current?.scrollRequest ?? 0) + 1 }));

  // The order to show: the one just asked for (as the list now has it), else the one a pay link
  // names, else any open online order, so a member coming back finds it before paying again.
  const listed = deposits.data ?? [];
  const openOrders = listed.filter((row) => row.channelKind === 'gateway' && row.status === 'pending');
  const shownOrder = ordered
    ? (listed.find((row) => row.id === ordered.deposit.id) ?? ordered.deposit)
    : (openOrders.find((row) => row.id === sandboxDepositId) ?? openOrders[0] ?? null);
  const isBusy = create.isPending || upload.isPending;

  return (
    <div className={styles.page}>
      {shownOrder ? (
        <DepositOrderPanel
          key={shownOrder.id}
          deposit={shownOrder}
          scrollRequest={ordered?.deposit.id === shownOrder.id ? ordered.scrollRequest : 0}
        />
      ) : null}
      <section className={styles.card} aria-labelledby="deposit-channels">
        <h3 id="deposit-channels" className={styles.cardTitle}>
          {t('wallet.deposit.chooseChannel')}
        </h3>
        <fieldset className={styles.channels} aria-labelledby="deposit-channels">
          {list.map((item) => (
            <button
              key={item.id}
              type="button"
              className={styles.channel}
              aria-pressed={item.id === channel.id}
              onClick={() => setChannelId(item.id)}
            >
              <span className={styles.channelName}>{item.name}</span>
              <span className={styles.channelRange}>
                {format(item.minAmount)} – {format(item.maxAmount)}
              </span>
              {item.isSandbox ? <span className={styles.sandboxTag}>{t('wallet.deposit.sandboxTag')}</span> : null}
            </button>
          ))}
        </fieldset>
        <p className={styles.instructions}>
          {channel.instructions}
          {channel.accountNumber ? (
            <>
              <br />
              <span className={styles.payee}>
                {channel.accountName} · {channel.accountNumber}
              </span>
            </>
          ) : null}
        </p>
        <form className={styles.form} onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
          <TextField
            label={t('wallet.amount')}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            hint={t('wallet.range', { min: format(channel.minAmount), max: format(channel.maxAmount) })}
            isRequired
            icon="coins"
          />
          {isGateway ? null : (
            <>
              <TextField
                label={t('wallet.deposit.reference')}
                value={reference}
                onChange={(event) => setReference(event.target.value)}
                maxLength={64}
                isRequired
              />
              <FileField
                label={t('wallet.deposit.proof')}
                accept="image/png,image/jpeg"
                hint={t('wallet.deposit.proofHint')}
                onChange={setProof}
              />
            </>
          )}
          {fieldError ? (
            <p className={styles.error} role="alert">
              {fieldError}
            </p>
          ) : null}
          <ErrorText error={upload.error ?? create.error} />
          <Button type="submit" disabled={isBusy} aria-busy={isBusy}>
            {isBusy ? <Spinner size={16} label={isGateway ? t('wallet.deposit.creating') : t('wallet.loading')} /> : null}
            {isBusy && isGateway ? t('wallet.deposit.creating') : isGateway ? t('wallet.deposit.payOnline') : t('wallet.deposit.submit')}
          </Button>
        </form>
        {created && created.channelKind !== 'gateway' ? (
          <p className={styles.notice} role="status">
            {t('wallet.deposit.submitted')}
          </p>
        ) : null}
      </section>
      <RecentDeposits />
    </div>
  );
}
