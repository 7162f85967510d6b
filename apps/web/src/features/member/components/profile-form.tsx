import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import { FormError } from '@/components/ui/form-error';
import styles from '@/components/ui/form-layout.module.css';
import { Icon, type IconName } from '@/components/ui/icon';
import { MessageDialog } from '@/components/ui/message-dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { isOldEnough } from '@/lib/age';
import { ApiError } from '@/lib/api-client';
import { fieldRuleMessage, type RuleMap, requiredRule } from '@/lib/field-validation';
import { errorMessage, serverFieldErrors } from '@/lib/form-errors';
import { showToast } from '@/stores/toast-store';
import type { MemberProfile } from '../api/get-profile';
import { type UpdateProfileBody, useUpdateProfile } from '../api/update-profile';
import { FULL_NAME_FALLBACK_RULE } from '../utils/rules';
import panelStyles from './security-centre.module.css';

export const PROFILE_FIELDS = [
  'nickname',
  'fullName',
  'birthday',
  'telegram',
  'zalo',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'placeOfBirth',
] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];
type Fields = Record<ProfileField, string>;

/** Limits of the profile call (contracts: updateProfileBody). */
const MAX_LENGTH: Record<ProfileField, number> = {
  nickname: 32,
  fullName: 100,
  birthday: 10,
  telegram: 64,
  zalo: 64,
  address: 200,
  nationality: 64,
  occupation: 64,
  sourceOfIncome: 100,
  placeOfBirth: 100,
};

const ICONS: Record<ProfileField, IconName> = {
  nickname: 'user',
  fullName: 'shield',
  birthday: 'calendar',
  telegram: 'telegram',
  zalo: 'chat',
  address: 'home',
  nationality: 'globe',
  occupation: 'wallet',
  sourceOfIncome: 'coins',
  placeOfBirth: 'home',
};

function toFields(profile: MemberProfile): Fields {
  return {
    nickname: profile.nickname,
    fullName: profile.fullName ?? '',
    birthday: profile.birthday ?? '',
    telegram: profile.telegram ?? '',
    zalo: profile.zalo ?? '',
    address: profile.address ?? '',
    nationality: profile.nationality ?? '',
    occupation: profile.occupation ?? '',
    sourceOfIncome: profile.sourceOfIncome ?? '',
    placeOfBirth: profile.placeOfBirth ?? '',
  };
}

/** Only what changed is sent; full name and birthday, once set, are never sent again. */
export function changedProfileFields(profile: MemberProfile, fields: Fields): UpdateProfileBody {
  const before = toFields(profile);
  const body: UpdateProfileBody = {};
  for (const field of PROFILE_FIELDS) {
    const value = fields[field].trim();
    if (value === before[field]) continue;
    if ((field === 'fullName' || field === 'birthday') && before[field] !== '') continue;
    if ((field === 'fullName' || field === 'birthday' || field === 'nickname') && value === '') continue;
    body[field] = value;
  }
  return body;
}

/**
 * Profile fields (spec section 3): nickname, full name, Telegram, Zalo, birthday (21 or older),
 * address, nationality, occupation, source of income and place of birth. Full name and
 * birthday are bindings: set once, after a confirmation that says they cannot change.
 */
export function ProfileForm({ profile, rules, onDone }: { profile: MemberProfile; rules: RuleMap; onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const update = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<UpdateProfileBody | null>(null);
  const isNameLocked = profile.fullName !== null;
  const isBirthdayLocked = profile.birthday !== null;
  const nameRule = requiredRule(rules.payeeName, FULL_NAME_FALLBACK_RULE);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Fields>({ defaultValues: toFields(profile) });

  const save = async (body: UpdateProfileBody) => {
    setFormError(null);
    try {
      await update.mutateAsync(body);
      showToast(t('security.profile.saved'));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'BIRTHDAY_UNDER_21') {
        setError('birthday', { type: 'server', message: t('validation.birthdayUnder21') }, { shouldFocus: true });
        return;
      }
      const fieldErrors = serverFieldErrors(error);
      for (const field of fieldErrors) {
        if ((PROFILE_FIELDS as readonly string[]).includes(field.field))
          setError(field.field as ProfileField, { type: 'server', message: field.message });
      }
      if (fieldErrors.length === 0) setFormError(errorMessage(error, t('errors.unknown')));
    }
  };

  const onSubmit = handleSubmit(async (fields) => {
    const body = changedProfileFields(profile, fields);
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    // Binding fields get a last look before they are fixed for good.
    if (body.fullName !== undefined || body.birthday !== undefined) {
      setPending(body);
      return;
    }
    await save(body);
  });

  const textField = (field: ProfileField, options: { isLocked?: boolean; hint?: string } = {}) => (
    <TextField
      key={field}
      label={t(`security.profile.fields.${field}`)}
      icon={ICONS[field]}
      type="text"
      readOnly={options.isLocked}
      maxLength={MAX_LENGTH[field]}
      hint={options.hint}
      error={errors[field]?.message}
      {...register(field, {
        validate: (value) => {
          const text = value.trim();
          if (options.isLocked) return true;
          if (field === 'nickname') return text === '' ? t('validation.required') : true;
          if (field === 'fullName' && text !== '') return fieldRuleMessage(t, nameRule, text.replace(/\s+/g, ' ')) ?? true;
          return true;
        },
      })}
    />
  );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.fields}>
        {textField('nickname')}
        <div className={styles.pair}>
          {textField('fullName', {
            isLocked: isNameLocked,
            hint: isNameLocked ? t('security.profile.locked') : t('security.profile.setOnce'),
          })}
          <Controller
            name="birthday"
            control={control}
            rules={{
              validate: (value) => {
                if (isBirthdayLocked || value === '') return true;
                if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return t('patterns.DATE_YMD');
                return isOldEnough(value) ? true : t('validation.birthdayUnder21');
              },
            }}
            render={({ field }) => (
              <DateField
                label={t('security.profile.fields.birthday')}
                icon={ICONS.birthday}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                readOnly={isBirthdayLocked}
                hint={isBirthdayLocked ? t('security.profile.locked') : t('security.profile.birthdayHint')}
                error={errors.birthday?.message}
              />
            )}
          />
        </div>
        <div className={styles.pair}>
          {textField('telegram')}
          {textField('zalo')}
        </div>
        {textField('address')}
        <div className={styles.pair}>
          {textField('nationality')}
          {textField('placeOfBirth')}
        </div>
        <div className={styles.pair}>
          {textField('occupation')}
          {textField('sourceOfIncome')}
        </div>
      </div>
      <FormError message={formError} />
      <SubmitButton isBusy={isSubmitting || update.isPending} busyLabel={t('security.saving')} icon={<Icon name="check" size={16} />}>
        {t('security.profile.submit')}
      </SubmitButton>
      <MessageDialog
        isOpen={pending !== null}
        title={t('security.profile.confirmTitle')}
        tone="warning"
        confirmLabel={t('security.profile.confirm')}
        isBusy={update.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const body = pending;
          setPending(null);
          if (body) void save(body);
        }}
      >
        <span className={panelStyles.confirmList}>
          {t('security.profile.confirmText')}
          {pending?.fullName ? <strong>{pending.fullName}</strong> : null}
          {pending?.birthday ? <strong>{pending.birthday}</strong> : null}
        </span>
      </MessageDialog>
    </form>
  );
}
