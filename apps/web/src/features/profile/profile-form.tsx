import { hasStaffProfile } from '@smart-city/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ProfileUpdate } from '@smart-city/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { TextField } from '../../components/form-field';
import { SectionCard } from '../../components/section-card';
import { useAuth } from '../../lib/auth/auth-context';
import type { AuthUser } from '../../lib/auth/auth-types';
import { useFieldError } from '../../lib/forms/use-field-error';
import {
  departmentField,
  DEPARTMENT_MAX_LENGTH,
  nameField,
  NAME_MAX_LENGTH,
  phoneField,
} from '../../lib/forms/validation';

/** The fields a person edits on their own profile, checked as PATCH /api/profile checks them. */
const profileFormSchema = z.object({
  firstName: nameField('firstNameRequired'),
  lastName: nameField('lastNameRequired'),
  phone: phoneField,
  department: departmentField,
});
type ProfileFormValues = z.infer<typeof profileFormSchema>;
type ProfileFormField = keyof ProfileFormValues;

function isFormField(name: string): name is ProfileFormField {
  return Object.hasOwn(profileFormSchema.shape, name);
}

function valuesOf(user: AuthUser): ProfileFormValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phone: user.phone ?? '',
    department: user.department ?? '',
  };
}

/** Only what changed is sent; an emptied optional field is cleared. */
function changesOf(
  values: ProfileFormValues,
  dirty: Partial<Record<ProfileFormField, boolean | undefined>>,
): ProfileUpdate {
  const changes: ProfileUpdate = {};
  if (dirty.firstName) changes.firstName = values.firstName;
  if (dirty.lastName) changes.lastName = values.lastName;
  if (dirty.phone) changes.phone = values.phone || null;
  if (dirty.department) changes.department = values.department || null;
  return changes;
}

/** First and last name, phone and (for staff) department; saved with PATCH /api/profile. */
export function ProfileForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const { updateProfile } = useAuth();
  const fieldError = useFieldError();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty, dirtyFields },
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    mode: 'onTouched',
    defaultValues: valuesOf(user),
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await updateProfile(changesOf(values, dirtyFields));
    if (result.ok) {
      reset(valuesOf(result.user));
      return;
    }
    for (const issue of result.fieldIssues) {
      if (isFormField(issue.field)) setError(issue.field, { message: issue.message });
    }
  });

  return (
    <SectionCard
      title={t('profile.detailsTitle')}
      description={t('profile.detailsIntro')}
      testId="profile-details"
    >
      <form noValidate className="space-y-4" onSubmit={(event) => void onSubmit(event)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            data-testid="profile-first-name"
            label={t('profile.firstName')}
            autoComplete="given-name"
            maxLength={NAME_MAX_LENGTH}
            error={fieldError(errors.firstName)}
            {...register('firstName')}
          />
          <TextField
            data-testid="profile-last-name"
            label={t('profile.lastName')}
            autoComplete="family-name"
            maxLength={NAME_MAX_LENGTH}
            error={fieldError(errors.lastName)}
            {...register('lastName')}
          />
        </div>
        <TextField
          data-testid="profile-phone"
          label={t('profile.phone')}
          type="tel"
          autoComplete="tel"
          hint={t('profile.phoneHint')}
          error={fieldError(errors.phone)}
          {...register('phone')}
        />
        {/* A department is a staff member's; a citizen's profile has none to fill in. */}
        {hasStaffProfile(user.role) ? (
          <TextField
            data-testid="profile-department"
            label={t('profile.department')}
            autoComplete="organization-title"
            maxLength={DEPARTMENT_MAX_LENGTH}
            hint={t('profile.departmentHint')}
            error={fieldError(errors.department)}
            {...register('department')}
          />
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            data-testid="profile-save"
            disabled={isSubmitting || !isDirty}
            className={primaryButton}
          >
            {isSubmitting ? t('profile.saving') : t('profile.save')}
          </button>
          {isDirty ? (
            <button
              type="button"
              onClick={() => reset(valuesOf(user))}
              disabled={isSubmitting}
              className={secondaryButton}
            >
              {t('profile.reset')}
            </button>
          ) : null}
        </div>
      </form>
    </SectionCard>
  );
}
