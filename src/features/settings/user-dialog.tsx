import './register-locales.ts';
import { Formik, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#components/dialog';
import {
  applyServerErrors,
  FormAlert,
  FormikForm,
  SelectField,
  SubmitButton,
  TextField,
} from '#components/form-field';
import { useToast } from '#components/toast';
import { PHONE_PATTERN, yup } from '#components/validation';
import type { Farm, Pond, PondAccessEntry, UserFarm } from '#shared/contracts/farm';
import { isPondRestricted, POND_ACCESS, ROLE_IDS } from '#shared/domain/permissions';

export interface UserValues {
  by: 'email' | 'phone';
  email: string;
  phone: string;
  username: string;
  role_id: number;
  /** pond_id → '' (no access) or an access level 0/1/2 as text, as the selects hold it. */
  access: Record<string, string>;
}

const schema = yup.object({
  by: yup.string().oneOf(['email', 'phone']),
  email: yup.string().when('by', ([by], field) => (by === 'email' ? field.trim().required().email() : field)),
  phone: yup
    .string()
    .when('by', ([by], field) =>
      by === 'phone' ? field.trim().required().matches(PHONE_PATTERN, 'validation.phone') : field,
    ),
  username: yup.string().trim().max(100),
  role_id: yup.number().required(),
});

export function pondEntries(values: UserValues): PondAccessEntry[] {
  if (!isPondRestricted(values.role_id)) return [];
  return Object.entries(values.access)
    .filter(([, level]) => level !== '')
    .map(([pond_id, level]) => ({ pond_id, access_level: Number(level) }));
}

function PondAccessFields({ ponds }: { ponds: Pond[] }) {
  const { t } = useTranslation('settings');
  const { values, setFieldValue } = useFormikContext<UserValues>();
  if (!isPondRestricted(values.role_id)) return null;
  const levels = [
    { value: '', label: t('users.noAccess') },
    ...Object.values(POND_ACCESS).map((level) => ({ value: String(level), label: t(`access.${level}`) })),
  ];
  return (
    <fieldset className="pond-access">
      <legend className="field__label">{t('users.pondAccess')}</legend>
      <p className="field__hint">{t('users.pondAccessHint')}</p>
      <label className="pond-access__row pond-access__row--all">
        <span>{t('users.setAll')}</span>
        <select
          className="field__input"
          value=""
          onChange={(event) => {
            for (const pond of ponds) void setFieldValue(`access.${pond.pond_id}`, event.target.value, false);
          }}
        >
          <option value="" disabled>
            {t('users.choose')}
          </option>
          {levels.map((level) => (
            <option key={level.value} value={level.value}>
              {level.label}
            </option>
          ))}
        </select>
      </label>
      {ponds.map((pond) => (
        <label key={pond.pond_id} className="pond-access__row">
          <span>
            {pond.name} <span className="muted">· {pond.block_name}</span>
          </span>
          <select
            className="field__input"
            value={values.access[pond.pond_id] ?? ''}
            onChange={(event) => void setFieldValue(`access.${pond.pond_id}`, event.target.value, false)}
          >
            {levels.map((level) => (
              <option key={level.value} value={level.value}>
                {level.label}
              </option>
            ))}
          </select>
        </label>
      ))}
    </fieldset>
  );
}

interface UserDialogProps {
  farm: Farm;
  ponds: Pond[];
  user: UserFarm | null;
  onClose: () => void;
  onSave: (values: UserValues) => Promise<unknown>;
}

/** Invite by email or phone, or edit a member: role plus per-pond access (seed 000 §6). */
export function UserDialog({ farm, ponds, user, onClose, onSave }: UserDialogProps) {
  const { t } = useTranslation(['settings', 'ui']);
  const toast = useToast();
  // Nobody hands out a role above their own (a manager cannot make admins).
  const roles = ROLE_IDS.filter((id) => id >= farm.role_id).map((id) => ({
    value: id,
    label: t(`ui:roles.${id}`),
  }));
  const initial: UserValues = {
    by: user?.phone && !user.email ? 'phone' : 'email',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    username: user?.username ?? '',
    role_id: user?.role_id ?? 3,
    access: Object.fromEntries((user?.ponds ?? []).map((p) => [p.pond_id, String(p.access_level)])),
  };
  return (
    <Dialog open size="large" title={user ? t('users.edit') : t('users.invite')} onClose={onClose}>
      <Formik
        initialValues={initial}
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          try {
            await onSave(values);
            toast.success(user ? t('ui:toast.saved') : t('users.invited'));
            onClose();
          } catch (error) {
            applyServerErrors(error, helpers, values);
            toast.error(error);
          }
        }}
      >
        {({ values }) => (
          <FormikForm className="form">
            <FormAlert />
            {user ? (
              <p>
                <strong>{user.username}</strong> <span className="muted">{user.email ?? user.phone}</span>
              </p>
            ) : (
              <>
                <SelectField
                  name="by"
                  label={t('users.by')}
                  options={[
                    { value: 'email', label: t('users.byEmail') },
                    { value: 'phone', label: t('users.byPhone') },
                  ]}
                />
                {values.by === 'email' ? (
                  <TextField
                    name="email"
                    type="email"
                    label={t('users.email')}
                    inputMode="email"
                    autoComplete="off"
                  />
                ) : (
                  <TextField
                    name="phone"
                    type="tel"
                    label={t('users.phone')}
                    inputMode="tel"
                    autoComplete="off"
                  />
                )}
                <TextField name="username" label={t('users.username')} optional autoComplete="off" />
              </>
            )}
            <SelectField name="role_id" label={t('users.role')} options={roles} />
            <PondAccessFields ponds={ponds} />
            <SubmitButton>{user ? t('ui:actions.save') : t('users.invite')}</SubmitButton>
          </FormikForm>
        )}
      </Formik>
    </Dialog>
  );
}
