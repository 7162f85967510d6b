import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import styles from '@/components/ui/form-layout.module.css';
import { Icon } from '@/components/ui/icon';
import { MessageDialog } from '@/components/ui/message-dialog';
import { Spinner } from '@/components/ui/spinner';
import { SubmitButton } from '@/components/ui/submit-button';
import { PasswordField, TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { passwordRequiredValidator } from '@/lib/field-validation';
import { errorMessage } from '@/lib/form-errors';
import { useAccountForm } from '@/lib/use-account-form';
import { showToast } from '@/stores/toast-store';
import { useAddBankAccount } from '../api/add-bank-account';
import { useConfirmBankAccount } from '../api/confirm-bank-account';
import { useDeleteBankAccount } from '../api/delete-bank-account';
import { type BankAccount, useBankAccounts } from '../api/get-bank-accounts';
import panelStyles from './security-centre.module.css';

/** Spec-free limits the server enforces too (contracts: MAX_BANK_ACCOUNTS, account number format). */
const MAX_BANK_ACCOUNTS = 5;
const ACCOUNT_NUMBER = /^[0-9 -]{6,34}$/;

interface AddFields {
  accountName: string;
  bankName: string;
  accountNumber: string;
  branch: string;
}

function AddBankAccountForm({ fullName, onAdded }: { fullName: string | null; onAdded: () => void }) {
  const { t } = useTranslation('accounts');
  const add = useAddBankAccount();
  const { register, formError, onSubmit, errors, isSubmitting } = useAccountForm<AddFields>(
    { defaultValues: { accountName: fullName ?? '', bankName: '', accountNumber: '', branch: '' } },
    async (fields) => {
      await add.mutateAsync({
        accountName: fields.accountName.trim(),
        bankName: fields.bankName.trim(),
        accountNumber: fields.accountNumber.trim(),
        ...(fields.branch.trim() ? { branch: fields.branch.trim() } : {}),
      });
      showToast(t('security.bank.added'));
      onAdded();
    },
    (error, setError) => {
      if (!(error instanceof ApiError && (error.code === 'BANK_NAME_MISMATCH' || error.code === 'PERSON_NAME_INVALID'))) return false;
      setError('accountName', { type: 'server', message: error.message }, { shouldFocus: true });
      return true;
    },
  );

  const required = (value: string) => (value.trim() === '' ? t('validation.required') : true);
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.fields}>
        <TextField
          label={t('security.bank.accountName')}
          icon="user"
          autoComplete="name"
          readOnly={fullName !== null}
          hint={fullName ? t('security.bank.nameFromProfile') : t('security.bank.nameHint')}
          isRequired
          error={errors.accountName?.message}
          {...register('accountName', {
            validate: (value) => (value.trim().length < 2 ? t('validation.required') : true),
          })}
        />
        <div className={styles.pair}>
          <TextField
            label={t('security.bank.bankName')}
            icon="bank"
            isRequired
            error={errors.bankName?.message}
            {...register('bankName', { validate: (value) => (value.trim().length < 2 ? t('validation.required') : true) })}
          />
          <TextField label={t('security.bank.branch')} icon="home" error={errors.branch?.message} {...register('branch')} />
        </div>
        <TextField
          label={t('security.bank.accountNumber')}
          icon="ticket"
          inputMode="numeric"
          autoComplete="off"
          isRequired
          error={errors.accountNumber?.message}
          {...register('accountNumber', {
            validate: (value) => {
              const empty = required(value);
              if (empty !== true) return empty;
              return ACCOUNT_NUMBER.test(value.trim()) ? true : t('security.bank.numberInvalid');
            },
          })}
        />
      </div>
      <FormError message={formError} />
      <SubmitButton isBusy={isSubmitting} busyLabel={t('security.saving')} size="medium" icon={<Icon name="check" size={16} />}>
        {t('security.bank.add')}
      </SubmitButton>
    </form>
  );
}

function ConfirmBindStep({ account, onClose }: { account: BankAccount; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const confirm = useConfirmBankAccount();
  const { register, formError, onSubmit, errors, isSubmitting } = useAccountForm<{ paymentPassword: string }>(
    { defaultValues: { paymentPassword: '' } },
    async ({ paymentPassword }) => {
      await confirm.mutateAsync({ id: account.id, paymentPassword });
      showToast(t('security.bank.bound'));
      onClose();
    },
    (error, setError) => {
      if (!(error instanceof ApiError && error.code === 'PAYMENT_PASSWORD_INVALID')) return false;
      setError('paymentPassword', { type: 'server', message: error.message }, { shouldFocus: true });
      return true;
    },
  );
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={panelStyles.warning} role="note">
        <Icon name="alert" size={20} />
        <p>{t('security.bank.confirmWarning', { bank: account.bankName, number: account.accountNumber })}</p>
      </div>
      <PasswordField
        label={t('fields.paymentPassword')}
        autoComplete="off"
        inputMode="numeric"
        isRequired
        error={errors.paymentPassword?.message}
        {...register('paymentPassword', { validate: passwordRequiredValidator(t) })}
      />
      <FormError message={formError} />
      <div className={styles.pair}>
        <Button variant="ghost" onClick={onClose} disabled={isSubmitting}>
          {t('security.cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner size={16} label={t('security.saving')} /> : null}
          {t('security.bank.confirmBind')}
        </Button>
      </div>
    </form>
  );
}

interface BankAccountsPanelProps {
  fullName: string | null;
  hasPaymentPassword: boolean;
  onNeedPaymentPassword: () => void;
}

/**
 * Bank accounts: added unbound (removable), then bound with the payment password. Binding
 * cannot be undone (spec section 4), and the confirmation says so before it happens.
 */
export function BankAccountsPanel({ fullName, hasPaymentPassword, onNeedPaymentPassword }: BankAccountsPanelProps) {
  const { t } = useTranslation('accounts');
  const accounts = useBankAccounts();
  const remove = useDeleteBankAccount();
  const [isAdding, setIsAdding] = useState(false);
  const [binding, setBinding] = useState<BankAccount | null>(null);
  const [removing, setRemoving] = useState<BankAccount | null>(null);
  const list = accounts.data ?? [];

  if (binding) return <ConfirmBindStep account={binding} onClose={() => setBinding(null)} />;

  return (
    <div className={styles.form}>
      {accounts.isPending ? <Spinner isCentered label={t('security.loading')} /> : null}
      {accounts.isError ? (
        <p className={styles.formError} role="alert">
          {errorMessage(accounts.error, t('errors.unknown'))}
        </p>
      ) : null}
      {accounts.isSuccess && list.length === 0 && !isAdding ? <p className={styles.lead}>{t('security.bank.empty')}</p> : null}
      {list.length > 0 ? (
        <ul className={`${blocks.stackList} ${panelStyles.bankList}`}>
          {list.map((account) => (
            <li key={account.id} className={panelStyles.bankCard} data-bound={account.isBound ? '' : undefined}>
              <span className={`${blocks.iconTile} ${panelStyles.bankIcon}`}>
                <Icon name="bank" size={20} />
              </span>
              <div className={panelStyles.bankText}>
                <p className={panelStyles.bankName}>
                  {account.bankName}
                  {account.branch ? <span className={panelStyles.muted}> · {account.branch}</span> : null}
                </p>
                <p className={panelStyles.bankNumber}>{account.accountNumber}</p>
                <p className={panelStyles.muted}>{account.accountName}</p>
              </div>
              {account.isBound ? (
                <span className={panelStyles.statusOk}>
                  <Icon name="lock" size={14} />
                  {t('security.bank.boundTag')}
                </span>
              ) : (
                <div className={panelStyles.bankActions}>
                  <Button size="small" onClick={() => (hasPaymentPassword ? setBinding(account) : onNeedPaymentPassword())}>
                    {t('security.bank.bind')}
                  </Button>
                  <button
                    type="button"
                    className={`${blocks.iconButton} ${panelStyles.iconButton}`}
                    onClick={() => setRemoving(account)}
                    aria-label={t('security.bank.remove', { bank: account.bankName })}
                  >
                    <Icon name="trash" size={16} />
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {isAdding ? (
        <AddBankAccountForm fullName={fullName} onAdded={() => setIsAdding(false)} />
      ) : list.length < MAX_BANK_ACCOUNTS && accounts.isSuccess ? (
        <Button variant="ghost" isBlock onClick={() => setIsAdding(true)}>
          <Icon name="bank" size={16} />
          {t('security.bank.addNew')}
        </Button>
      ) : null}
      <MessageDialog
        isOpen={removing !== null}
        title={t('security.bank.removeTitle')}
        tone="warning"
        confirmLabel={t('security.bank.removeConfirm')}
        isBusy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => showToast(t('security.bank.removed')),
            onError: (error) => showToast(errorMessage(error, t('errors.unknown')), 'error'),
            onSettled: () => setRemoving(null),
          });
        }}
      >
        {removing ? t('security.bank.removeText', { bank: removing.bankName, number: removing.accountNumber }) : null}
      </MessageDialog>
    </div>
  );
}
