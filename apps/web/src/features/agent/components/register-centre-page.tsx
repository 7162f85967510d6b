import type { ContractType } from '@kismat/contracts/agent';
import { validateFieldValue } from '@kismat/contracts/field-rules';
import type { MemberType } from '@kismat/contracts/member';
import type { FieldRule } from '@kismat/contracts/system';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { QrCode } from '@/components/ui/qr-code';
import { fromQuery } from '@/components/ui/query-state';
import { SelectField } from '@/components/ui/select-field';
import { PasswordField, TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format-date';
import { useLanguage } from '@/stores/language-store';
import { useCreateInvitation } from '../api/create-invitation';
import { useDisableInvitation } from '../api/disable-invitation';
import { useInvitations } from '../api/get-invitations';
import { useRegistrationRules } from '../api/get-registration-rules';
import { useMyContracts } from '../api/process-my-contract';
import { useRegisterDownline } from '../api/register-downline';
import type { Invitation } from '../api/types';
import { draftsFromTerms, type TierDraft, type TierProblem, toTierInputs, validateTiers } from '../utils/contract-tiers';
import { formatRate } from '../utils/format';
import styles from './agent-pages.module.css';
import { QueryState } from './query-state';
import { TierEditor } from './tier-editor';

/** The server's own bounds for these fields, used when the merchant has no rule for them. */
const FALLBACK_RULES: Record<'username' | 'password', FieldRule> = {
  username: {
    field: 'username',
    acceptedPattern: '^[A-Za-z0-9]+$',
    minLength: 4,
    maxLength: 16,
    patternId: 'LETTERS_OR_DIGITS',
    required: true,
    shown: true,
  },
  password: { field: 'password', acceptedPattern: '*', minLength: 6, maxLength: 32, patternId: 'LENGTH_ONLY', required: true, shown: true },
};

type CreateErrors = Partial<Record<'username' | 'password' | 'confirmPassword' | 'nickname', string>>;

/** registerCenter: create a downline directly, and manage invitation links with QR codes. */
export function RegisterCentrePage({
  creatableTypes,
  contractTypes,
}: {
  creatableTypes: readonly MemberType[];
  contractTypes: readonly ContractType[];
}) {
  return (
    <div className={styles.split}>
      <CreateDownlineForm creatableTypes={creatableTypes} />
      <InvitationLinks creatableTypes={creatableTypes} contractTypes={contractTypes} />
    </div>
  );
}

/** A member type as people say it ("Affiliate"), never its number (issue 12 showed "Agent (type 41)"). */
function useMemberTypeLabel(): (type: MemberType) => string {
  const { t } = useTranslation();
  return (type) => t(`agentCentre.register.types.${type}`);
}

function CreateDownlineForm({ creatableTypes }: { creatableTypes: readonly MemberType[] }) {
  const { t } = useTranslation();
  const { t: tAccounts } = useTranslation('accounts');
  const rules = useRegistrationRules();
  const register = useRegisterDownline();
  const [form, setForm] = useState({ username: '', password: '', confirmPassword: '', nickname: '', type: String(creatableTypes[0] ?? 0) });
  const [errors, setErrors] = useState<CreateErrors>({});
  const ruleFor = (field: 'username' | 'password'): FieldRule => {
    const rule = rules.data?.find((candidate) => candidate.field === field);
    return { ...(rule ?? FALLBACK_RULES[field]), shown: true, required: true };
  };
  const messageFor = (field: 'username' | 'password', value: string): string | undefined => {
    const result = validateFieldValue(ruleFor(field), value);
    if (result.ok) return undefined;
    if (result.reason === 'required') return t('agentCentre.register.required');
    return tAccounts(`patterns.${result.messageKey}`, result.params);
  };
  const validate = (): CreateErrors => {
    const found: CreateErrors = {};
    found.username = messageFor('username', form.username.trim());
    found.password = messageFor('password', form.password);
    if (!form.confirmPassword) found.confirmPassword = t('agentCentre.register.required');
    else if (form.confirmPassword !== form.password) found.confirmPassword = t('agentCentre.register.mismatch');
    if (form.nickname.length > 32) found.nickname = t('agentCentre.register.nicknameTooLong');
    return Object.fromEntries(Object.entries(found).filter(([, value]) => value)) as CreateErrors;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    register.mutate(
      {
        username: form.username.trim(),
        password: form.password,
        nickname: form.nickname.trim() || undefined,
        type: Number(form.type) as MemberType,
      },
      { onSuccess: () => setForm((current) => ({ ...current, username: '', password: '', confirmPassword: '', nickname: '' })) },
    );
  };
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  /** A text input's name, value and change handler for one field of the form. */
  const bind = (field: keyof typeof form) => ({ name: field, value: form[field], onChange: set(field) });
  // The server's own refusals (a too-common password, the site's rule) go under their field.
  const refusedFields = serverFieldErrors(register.error);
  const refusal = (field: 'username' | 'password') => refusedFields.find((error) => error.field === field)?.message;
  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-labelledby="create-downline-title">
      <h2 id="create-downline-title" className={styles.cardTitle}>
        <Icon name="userPlus" size={20} />
        {t('agentCentre.register.createTitle')}
      </h2>
      <div className={styles.stack}>
        <AccountTypeSelect creatableTypes={creatableTypes} value={form.type} onChange={set('type')} />
        <TextField
          label={t('agentCentre.register.username')}
          autoComplete="off"
          {...bind('username')}
          error={errors.username ?? refusal('username')}
          isRequired
          icon="user"
        />
        <PasswordField
          label={t('agentCentre.register.password')}
          autoComplete="new-password"
          {...bind('password')}
          error={errors.password ?? refusal('password')}
          isRequired
        />
        <PasswordField
          label={t('agentCentre.register.confirmPassword')}
          autoComplete="new-password"
          {...bind('confirmPassword')}
          error={errors.confirmPassword}
          isRequired
        />
        <TextField label={t('agentCentre.register.nickname')} {...bind('nickname')} error={errors.nickname} />
      </div>
      {register.error && refusedFields.length === 0 ? (
        <p className={styles.error} role="alert">
          {register.error instanceof ApiError ? register.error.message : t('agentCentre.actionFailed')}
        </p>
      ) : null}
      {register.isSuccess ? (
        <p className={styles.success} role="status">
          {t('agentCentre.register.created', { username: register.data.username })}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <Button type="submit" disabled={register.isPending} aria-busy={register.isPending || undefined}>
          {t('agentCentre.register.submit')}
        </Button>
      </div>
    </form>
  );
}

function InvitationLinks({
  creatableTypes,
  contractTypes,
}: {
  creatableTypes: readonly MemberType[];
  contractTypes: readonly ContractType[];
}) {
  const { t } = useTranslation();
  const invitations = useInvitations();
  const [isCreating, setIsCreating] = useState(false);
  return (
    <section className={styles.card} aria-labelledby="invitation-title">
      <div className={`${blocks.spread} ${styles.cardHead}`}>
        <h2 id="invitation-title" className={styles.cardTitle}>
          <Icon name="external" size={20} />
          {t('agentCentre.invitations.title')}
        </h2>
        <Button variant="outline" size="small" onClick={() => setIsCreating((open) => !open)} aria-expanded={isCreating}>
          {isCreating ? t('common.cancel') : t('agentCentre.invitations.new')}
        </Button>
      </div>
      {isCreating ? (
        <CreateInvitationForm creatableTypes={creatableTypes} contractTypes={contractTypes} onDone={() => setIsCreating(false)} />
      ) : null}
      <QueryState
        {...fromQuery(invitations)}
        isEmpty={invitations.data?.items.length === 0}
        emptyTitle={t('agentCentre.invitations.empty')}
      >
        <ul className={styles.links}>
          {invitations.data?.items.map((invitation) => (
            <InvitationItem key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      </QueryState>
    </section>
  );
}

function InvitationItem({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  const memberTypeLabel = useMemberTypeLabel();
  const language = useLanguage();
  const disable = useDisableInvitation();
  const [isCopied, setIsCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invitation.url);
      setIsCopied(true);
      window.setTimeout(() => setIsCopied(false), 2000);
    } catch {
      // Clipboard refused (insecure context): the link stays visible to copy by hand.
    }
  };
  const isActive = invitation.status === 'ACTIVE';
  return (
    <li className={styles.link} data-testid="invitation-link">
      <QrCode value={invitation.url} size={96} label={t('agentCentre.invitations.qr', { code: invitation.code })} />
      <div className={styles.linkBody}>
        <div className={styles.row}>
          <strong>{invitation.label || invitation.code}</strong>
          <span className={styles.badge} data-tone={isActive ? 'success' : 'danger'}>
            {isActive ? t('agentCentre.invitations.active') : t('agentCentre.invitations.disabled')}
          </span>
        </div>
        <span className={styles.url} title={invitation.url}>
          {invitation.url}
        </span>
        <span className={styles.muted}>
          {t('agentCentre.invitations.code', { code: invitation.code })} · {memberTypeLabel(invitation.memberType)} ·{' '}
          {t('agentCentre.invitations.registrations', { count: invitation.registrations })}
        </span>
        <span className={styles.muted}>
          {invitation.defaultContract
            ? t('agentCentre.invitations.defaultContract', {
                type: t(`agentCentre.contractTypes.${invitation.defaultContract.type}`),
                rate: formatRate(Math.max(0, ...invitation.defaultContract.terms.tiers.map((tier) => tier.rateBps ?? 0)), language),
              })
            : t('agentCentre.invitations.noDefaultContract')}{' '}
          · {formatDateTime(invitation.createdAt, language)}
        </span>
        <div className={styles.row}>
          <Button size="small" variant="outline" onClick={() => void copy()}>
            <Icon name={isCopied ? 'check' : 'external'} size={14} />
            {isCopied ? t('agentCentre.invitations.copied') : t('agentCentre.invitations.copy')}
          </Button>
          {isActive ? (
            <Button size="small" variant="ghost" onClick={() => disable.mutate(invitation.id)} disabled={disable.isPending}>
              <Icon name="ban" size={14} />
              {t('agentCentre.invitations.disable')}
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function CreateInvitationForm({
  creatableTypes,
  contractTypes,
  onDone,
}: {
  creatableTypes: readonly MemberType[];
  contractTypes: readonly ContractType[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateInvitation();
  const [memberType, setMemberType] = useState(String(creatableTypes[0] ?? 0));
  const [label, setLabel] = useState('');
  const [contractType, setContractType] = useState<ContractType | ''>('');
  const mine = useMyContracts(contractType || 'DAILY_SALARY', contractType !== '');
  const upline = mine.data?.active?.terms ?? null;
  const isFixed = upline ? upline.tiers.some((tier) => tier.fixedAmount !== null) : false;
  const [tiers, setTiers] = useState<TierDraft[] | null>(null);
  const [problems, setProblems] = useState<TierProblem[]>([]);
  const drafts = tiers ?? draftsFromTerms(upline);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    let defaultContract = null;
    if (contractType) {
      const inputs = toTierInputs(drafts, isFixed);
      const found = validateTiers(inputs, upline);
      setProblems(found);
      if (found.length > 0 || !upline) return;
      defaultContract = {
        type: contractType,
        terms: { period: upline.period, basis: upline.basis, activeMemberMinBet: upline.activeMemberMinBet, tiers: inputs },
      };
    }
    create.mutate(
      { memberType: Number(memberType) as MemberType, label: label.trim() || undefined, defaultContract },
      { onSuccess: onDone },
    );
  };
  return (
    <form className={styles.stack} onSubmit={submit} noValidate style={{ marginBottom: 'var(--space-5)' }}>
      <div className={styles.formGrid}>
        <AccountTypeSelect creatableTypes={creatableTypes} value={memberType} onChange={(event) => setMemberType(event.target.value)} />
        <TextField
          label={t('agentCentre.invitations.label')}
          value={label}
          maxLength={60}
          onChange={(event) => setLabel(event.target.value)}
        />
        <SelectField
          label={t('agentCentre.invitations.defaultContractLabel')}
          value={contractType}
          onChange={(event) => {
            setContractType(event.target.value as ContractType | '');
            setTiers(null);
            setProblems([]);
          }}
        >
          <option value="">{t('agentCentre.invitations.noDefaultContract')}</option>
          {contractTypes.map((type) => (
            <option key={type} value={type}>
              {t(`agentCentre.contractTypes.${type}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {contractType && !mine.isLoading ? (
        upline ? (
          <TierEditor type={contractType} isFixed={isFixed} tiers={drafts} onChange={setTiers} problems={problems} />
        ) : (
          <p className={styles.error}>{t('agentCentre.offer.noOwnContract')}</p>
        )
      ) : null}
      {create.error ? (
        <p className={styles.error}>{create.error instanceof ApiError ? create.error.message : t('agentCentre.actionFailed')}</p>
      ) : null}
      <div className={styles.formActions}>
        <Button type="submit" size="small" disabled={create.isPending}>
          {t('agentCentre.invitations.create')}
        </Button>
      </div>
    </form>
  );
}

/** The account types this agent may create (a plain member when the flags allow none other). */
function AccountTypeSelect({
  creatableTypes,
  value,
  onChange,
}: {
  creatableTypes: readonly MemberType[];
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const { t } = useTranslation();
  const memberTypeLabel = useMemberTypeLabel();
  return (
    <SelectField label={t('agentCentre.register.accountType')} value={value} onChange={onChange}>
      {(creatableTypes.length > 0 ? creatableTypes : [0 as MemberType]).map((type) => (
        <option key={type} value={type}>
          {memberTypeLabel(type)}
        </option>
      ))}
    </SelectField>
  );
}
