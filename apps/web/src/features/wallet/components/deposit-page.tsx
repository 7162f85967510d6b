import { createDepositBody, type DepositChannelValue, type DepositValue } from '@kismat/contracts/cashier';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { FileField } from '@/components/ui/file-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useFormatDateTime } from '@/lib/format-date';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { amountField, amountToWire, moneyFormResolver } from '@/lib/money-form';
import blocks from '../../../components/ui/blocks.module.css';
import { openOrderOf, useCreateDeposit } from '../api/create-deposit';
import { useDepositChannels, useDeposits } from '../api/get-deposit-channels';
import { useUploadProof } from '../api/upload-proof';
import { AmountField } from './amount-field';
import { DepositBonusPreview } from './deposit-bonus-preview';
import { DepositOrderPanel } from './deposit-order-panel';
import { DepositResultPanel } from './deposit-result-panel';
import { ErrorText } from './error-text';
import { ProviderLogo } from './provider-logo';
import { useFormatAmount } from './use-amount-locale';
import styles from './wallet.module.css';

const MAX_PROOF_BYTES = 5 * 1024 * 1024;

function RecentDeposits() {
  const { t } = useTranslation();
  const format = useFormatAmount();
  const formatWhen = useFormatDateTime();
  const deposits = useDeposits();
  if (!deposits.data?.length) return null;
  const columns: DataColumn<DepositValue>[] = [
    { id: 'time', label: t('wallet.history.time'), cell: (row) => formatWhen(row.createdAt) },
    {
      id: 'channel',
      label: t('wallet.deposit.channel'),
      cell: (row) => (
        <>
          {row.channelName}
          {row.isSandbox ? <span className={`${styles.sandboxTag} ${styles.inlineTag}`}>{t('wallet.deposit.sandboxTag')}</span> : null}
        </>
      ),
    },
    { id: 'amount', label: t('wallet.amount'), isNumber: true, cell: (row) => format(row.amount) },
    {
      id: 'status',
      label: t('wallet.history.status'),
      cell: (row) => (
        <>
          <span className={styles.status}>{t(`wallet.status.${row.status}`)}</span>
          {row.paidAfter ? <span className={styles.notice}> {t('wallet.deposit.paidAfter')}</span> : null}
        </>
      ),
    },
  ];
  return (
    <section className={`${blocks.column} ${styles.card}`} aria-labelledby="recent-deposits">
      <h3 id="recent-deposits" className={styles.cardTitle}>
        {t('wallet.deposit.recent')}
      </h3>
      <DataTable columns={columns} rows={deposits.data.slice(0, 5)} rowKey={(row) => row.id} />
    </section>
  );
}

/**
 * The contract's deposit body, its amount typed as text and held to the channel's limits; a
 * manual channel needs the payment reference, an online one none. The proof stays a file here
 * (uploaded first, sent as its upload id).
 */
function depositFormSchema(channel: DepositChannelValue, amountMessage: string, wholeMessage: string) {
  const isGateway = channel.kind === 'gateway';
  const amount = amountField({ min: channel.minAmount, max: channel.maxAmount, message: amountMessage });
  return z.object({
    // M-Pesa (Daraja) takes whole shillings: "100.50" is refused here rather than by the provider.
    amount: channel.provider === 'mpesa' ? amount.refine((value) => !/[.,]\d*[1-9]/.test(String(value)), wholeMessage) : amount,
    reference: isGateway ? z.string().transform(() => undefined) : createDepositBody.shape.reference.unwrap(),
    proof: z
      .custom<File | null>((value) => value === null || value instanceof File)
      .refine((file) => !file || (file.size <= MAX_PROOF_BYTES && /^image\/(png|jpe?g)$/.test(file.type))),
  });
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
  // Back from a provider's checkout page (bKash): the order's outcome and the balance.
  const resultDepositId = searchParams.has('depositResult') ? Number(searchParams.get('depositResult') ?? 0) : null;
  const formRef = useRef<HTMLFormElement>(null);
  const selected = channels.data?.find((item) => item.id === channelId) ?? channels.data?.[0];
  const range = selected ? { min: format(selected.minAmount), max: format(selected.maxAmount) } : { min: '', max: '' };
  const { register, handleSubmit, reset, setValue, watch, formState } = useForm({
    defaultValues: { amount: '', reference: '', proof: null as File | null },
    resolver: selected
      ? moneyFormResolver(() => depositFormSchema(selected, t('wallet.errors.amountRange', range), t('wallet.mpesa.wholeShillings')), {
          reference: t('wallet.errors.reference'),
          proof: t('wallet.errors.proof'),
        })
      : undefined,
  });
  const { errors } = formState;

  if (channels.isPending) return <Spinner isCentered label={t('wallet.loading')} />;
  const list = channels.data ?? [];
  const channel: DepositChannelValue | undefined = list.find((item) => item.id === channelId) ?? list[0];
  if (!channel) return <p className={styles.notice}>{t('wallet.deposit.noChannels')}</p>;
  const isGateway = channel.kind === 'gateway';

  const submit = handleSubmit(async ({ amount, reference, proof }) => {
    if (isSubmittingRef.current) return;
    isSubmittingRef.current = true;
    let deposit: DepositValue;
    try {
      const proofUploadId = proof ? (await upload.mutateAsync(proof)).uploadId : undefined;
      deposit = await create.mutateAsync({
        channelId: channel.id,
        amount: amountToWire(amount),
        ...(reference === undefined ? {} : { reference }),
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
    // A provider with its own checkout page (bKash): the member is sent there at once.
    if (deposit.provider && deposit.payUrl && !deposit.isSandbox && deposit.status === 'pending') {
      window.location.assign(deposit.payUrl);
    }
    setCreated(deposit);
    if (deposit.channelKind === 'gateway') showOrder(deposit);
    reset();
    // The file input keeps showing the chosen name unless the form element itself is reset.
    formRef.current?.reset();
  });

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
    <div className={`${blocks.column} ${styles.page}`}>
      {resultDepositId !== null ? <DepositResultPanel depositId={resultDepositId} /> : null}
      {shownOrder && shownOrder.id !== resultDepositId ? (
        <DepositOrderPanel
          key={shownOrder.id}
          deposit={shownOrder}
          scrollRequest={ordered?.deposit.id === shownOrder.id ? ordered.scrollRequest : 0}
        />
      ) : null}
      <section className={`${blocks.column} ${styles.card}`} aria-labelledby="deposit-channels">
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
              <ProviderLogo provider={item.provider} />
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
        <form
          ref={formRef}
          className={`${blocks.column} ${styles.form}`}
          onSubmit={(event) => void submit(event).catch(() => undefined)}
          noValidate
        >
          <AmountField range={range} {...register('amount')} error={errors.amount?.message} />
          <DepositBonusPreview amountText={watch('amount')} />
          {isGateway ? null : (
            <>
              <TextField
                label={t('wallet.deposit.reference')}
                {...register('reference')}
                error={errors.reference?.message}
                maxLength={64}
                isRequired
              />
              <FileField
                label={t('wallet.deposit.proof')}
                accept="image/png,image/jpeg"
                hint={t('wallet.deposit.proofHint')}
                error={errors.proof?.message}
                onChange={(file) => setValue('proof', file)}
              />
            </>
          )}
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
