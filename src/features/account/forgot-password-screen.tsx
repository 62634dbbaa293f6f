import './register-locales.ts';
import { Link } from '@tanstack/react-router';
import { Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, FormAlert, FormikForm, SubmitButton, TextField } from '#components/form-field';
import { useToast } from '#components/toast';
import { yup } from '#components/validation';
import { accountApi } from './account-api.ts';
import { AccountLayout } from './account-layout.tsx';

const schema = yup.object({ email: yup.string().trim().required().email() });

export function ForgotPasswordScreen() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const [sent, setSent] = useState<string | null>(null);
  const back = (
    <div className="account__links">
      <Link to="/login">{t('backToLogin')}</Link>
    </div>
  );
  return (
    <AccountLayout title={t('forgot.title')} intro={sent ? undefined : t('forgot.intro')}>
      {sent ? (
        <p className="code-destination" role="status">
          {sent} {t('forgot.sent')}
        </p>
      ) : (
        <Formik
          initialValues={{ email: '' }}
          validationSchema={schema}
          onSubmit={async (values, helpers) => {
            try {
              const { message } = await accountApi.forgetPassword(values.email.trim());
              setSent(message);
            } catch (error) {
              applyServerErrors(error, helpers, values);
              toast.error(error);
            }
          }}
        >
          <FormikForm lastEnter="submit" className="form">
            <FormAlert />
            <TextField
              name="email"
              type="email"
              label={t('fields.email')}
              autoComplete="email"
              inputMode="email"
            />
            <SubmitButton>{t('forgot.submit')}</SubmitButton>
          </FormikForm>
        </Formik>
      )}
      {back}
    </AccountLayout>
  );
}
