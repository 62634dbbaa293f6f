import './register-locales.ts';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, FormAlert, FormikForm, SubmitButton, TextField } from '#components/form-field';
import { useToast } from '#components/toast';
import { refetch } from '#components/use-fetched.ts';
import { PHONE_PATTERN, yup } from '#components/validation';
import { api } from '#local/api-client';
import { sessionStore } from '#local/session-store';
import type { User } from '#shared/contracts/account';

const schema = yup.object({
  username: yup.string().trim().required().max(100),
  phone: yup
    .string()
    .trim()
    .matches(PHONE_PATTERN, { message: 'validation.phone', excludeEmptyString: true }),
  city: yup.string().trim().max(100),
});

export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const toast = useToast();
  return (
    <Formik
      initialValues={{ username: user.username, phone: user.phone ?? '', city: user.city ?? '' }}
      validationSchema={schema}
      enableReinitialize
      onSubmit={async (values, helpers) => {
        try {
          const { data } = await api.put<User>('/user', {
            username: values.username.trim(),
            phone: values.phone.trim() || null,
            city: values.city.trim() || null,
          });
          sessionStore.updateUser(data);
          void refetch('user');
          toast.success(t('saved'));
        } catch (error) {
          applyServerErrors(error, helpers, values);
          toast.error(error);
        }
      }}
    >
      <FormikForm className="form">
        <FormAlert />
        <TextField name="username" label={t('username')} autoComplete="name" />
        <div className="field">
          <span className="field__label">{t('email')}</span>
          <span>{user.email ?? '–'}</span>
          {user.email && !user.email_verified && <p className="field__hint">{t('emailUnverified')}</p>}
        </div>
        <TextField
          name="phone"
          type="tel"
          label={t('phone')}
          hint={t('phoneHint')}
          optional
          autoComplete="tel"
          inputMode="tel"
        />
        <TextField name="city" label={t('city')} optional autoComplete="address-level2" />
        <SubmitButton>{t('save')}</SubmitButton>
      </FormikForm>
    </Formik>
  );
}
