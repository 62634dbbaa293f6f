import './register-locales.ts';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import {
  applyServerErrors,
  FormAlert,
  FormikForm,
  NewPasswordFields,
  SubmitButton,
} from '#components/form-field';
import { useToast } from '#components/toast';
import { yup } from '#components/validation';
import { accountApi } from './account-api.ts';
import { AccountLayout } from './account-layout.tsx';

const schema = yup.object({
  password: yup.string().required().min(8),
  password_confirmation: yup
    .string()
    .required()
    .oneOf([yup.ref('password')], 'validation.confirmed'),
});

/** Opened from the mailed link: /reset/password?signature=… */
export function ResetPasswordScreen() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { signature?: unknown };
  const signature = search.signature === undefined ? '' : String(search.signature);

  return (
    <AccountLayout title={t('reset.title')} intro={signature ? t('reset.intro') : undefined}>
      {signature ? (
        <Formik
          initialValues={{ password: '', password_confirmation: '' }}
          validationSchema={schema}
          onSubmit={async (values, helpers) => {
            try {
              const { message } = await accountApi.resetPassword(signature, values);
              toast.success(message || t('reset.done'));
              await navigate({ to: '/login' });
            } catch (error) {
              applyServerErrors(error, helpers, values);
              toast.error(error);
            }
          }}
        >
          <FormikForm lastEnter="submit" className="form">
            <FormAlert />
            <NewPasswordFields
              name="password"
              confirmName="password_confirmation"
              label={t('fields.newPassword')}
              confirmLabel={t('fields.passwordConfirm')}
              hint={t('fields.passwordHint')}
            />
            <SubmitButton>{t('reset.submit')}</SubmitButton>
          </FormikForm>
        </Formik>
      ) : (
        <p className="form-alert" role="alert">
          {t('reset.missing')}
        </p>
      )}
      <div className="account__links">
        <Link to="/login">{t('backToLogin')}</Link>
      </div>
    </AccountLayout>
  );
}
