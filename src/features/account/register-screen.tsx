import './register-locales.ts';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { rememberFarm } from '#components/farm-data';
import {
  applyServerErrors,
  FormAlert,
  FormikForm,
  NewPasswordFields,
  SubmitButton,
  TextField,
} from '#components/form-field';
import { useToast } from '#components/toast';
import { PHONE_PATTERN, yup } from '#components/validation';
import { isLanguage } from '#shared/i18n/language';
import { accountApi } from './account-api.ts';
import { AccountLayout } from './account-layout.tsx';

export const registerSchema = yup.object({
  username: yup.string().trim().required().max(100),
  email: yup.string().trim().required().email(),
  phone: yup
    .string()
    .trim()
    .matches(PHONE_PATTERN, { message: 'validation.phone', excludeEmptyString: true }),
  password: yup.string().required().min(8),
  password_confirmation: yup
    .string()
    .required()
    .oneOf([yup.ref('password')], 'validation.confirmed'),
});

const EMPTY = { username: '', email: '', phone: '', password: '', password_confirmation: '' };

export function RegisterScreen() {
  const { t, i18n } = useTranslation('account');
  const toast = useToast();
  const navigate = useNavigate();
  // An invitation's registration link (`?invite=<signed token>`): the account becomes the
  // invited member, and the farm opens after sign-in (issue 12 point 6).
  const search = useSearch({ strict: false }) as { invite?: unknown };
  const invite = typeof search.invite === 'string' && search.invite ? search.invite : undefined;
  return (
    <AccountLayout
      title={t('register.title')}
      intro={invite ? t('register.invited') : t('register.intro')}
      footer={
        <p>
          {t('register.haveAccount')} <Link to="/login">{t('register.login')}</Link>
        </p>
      }
    >
      <Formik
        initialValues={EMPTY}
        validationSchema={registerSchema}
        onSubmit={async (values, helpers) => {
          try {
            const { message, data } = await accountApi.register({
              ...values,
              username: values.username.trim(),
              email: values.email.trim(),
              phone: values.phone.trim() || undefined,
              language: isLanguage(i18n.language) ? i18n.language : undefined,
              ...(invite ? { invite } : {}),
            });
            toast.success(message || t('register.done'));
            if (data.farm_id) {
              // Signed in, the app opens the farm of the invitation.
              rememberFarm(data.farm_id);
              await navigate({
                to: '/login',
                search: { redirect: `/farm/${encodeURIComponent(data.farm_id)}` },
              });
            } else await navigate({ to: '/login' });
          } catch (error) {
            applyServerErrors(error, helpers, values);
            toast.error(error);
          }
        }}
      >
        <FormikForm className="form">
          <FormAlert />
          <TextField name="username" label={t('fields.username')} autoComplete="name" />
          <TextField
            name="email"
            type="email"
            label={t('fields.email')}
            autoComplete="email"
            inputMode="email"
          />
          <TextField
            name="phone"
            type="tel"
            label={t('fields.phone')}
            hint={t('fields.phoneHint')}
            optional
            autoComplete="tel"
            inputMode="tel"
          />
          <NewPasswordFields
            name="password"
            confirmName="password_confirmation"
            label={t('fields.password')}
            confirmLabel={t('fields.passwordConfirm')}
            hint={t('fields.passwordHint')}
          />
          <SubmitButton>{t('register.submit')}</SubmitButton>
        </FormikForm>
      </Formik>
    </AccountLayout>
  );
}
