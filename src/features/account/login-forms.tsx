import './register-locales.ts';
import { Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, FormAlert, FormikForm, SubmitButton, TextField } from '#components/form-field';
import { useToast } from '#components/toast';
import { PHONE_PATTERN, yup } from '#components/validation';

export interface EmailLoginValues {
  email: string;
  password: string;
}
export interface PhoneLoginValues {
  phone: string;
}
export interface CodeValues {
  code: string;
}

export const emailLoginSchema = yup.object({
  email: yup.string().trim().required().email(),
  password: yup.string().required(),
});
export const phoneLoginSchema = yup.object({
  phone: yup.string().trim().required().matches(PHONE_PATTERN, 'validation.phone'),
});
export const codeSchema = yup.object({
  code: yup
    .string()
    .trim()
    .required()
    .matches(/^[0-9]{6}$/, 'validation.pattern'),
});

/** Runs a submit: server field errors go inline, the server message into a red toast. */
function useSubmit<V extends object>(onSubmit: (values: V) => Promise<void>) {
  const toast = useToast();
  return async (values: V, helpers: FormikHelpers<V>) => {
    try {
      helpers.setStatus(undefined);
      await onSubmit(values);
    } catch (error) {
      applyServerErrors(error, helpers, values);
      toast.error(error);
    }
  };
}

export function LoginEmailForm({ onSubmit }: { onSubmit: (values: EmailLoginValues) => Promise<void> }) {
  const { t } = useTranslation('account');
  const submit = useSubmit(onSubmit);
  return (
    <Formik initialValues={{ email: '', password: '' }} validationSchema={emailLoginSchema} onSubmit={submit}>
      <FormikForm lastEnter="submit" className="form">
        <FormAlert />
        <TextField
          name="email"
          type="email"
          label={t('fields.email')}
          autoComplete="email"
          inputMode="email"
        />
        <TextField
          name="password"
          type="password"
          label={t('fields.password')}
          autoComplete="current-password"
        />
        <SubmitButton>{t('login.sendCode')}</SubmitButton>
      </FormikForm>
    </Formik>
  );
}

export function LoginPhoneForm({ onSubmit }: { onSubmit: (values: PhoneLoginValues) => Promise<void> }) {
  const { t } = useTranslation('account');
  const submit = useSubmit(onSubmit);
  return (
    <Formik initialValues={{ phone: '' }} validationSchema={phoneLoginSchema} onSubmit={submit}>
      <FormikForm lastEnter="submit" className="form">
        <FormAlert />
        <TextField
          name="phone"
          type="tel"
          label={t('fields.phone')}
          hint={t('fields.phoneHint')}
          autoComplete="tel"
          inputMode="tel"
        />
        <SubmitButton>{t('login.sendCode')}</SubmitButton>
      </FormikForm>
    </Formik>
  );
}

export function LoginCodeForm({ onSubmit }: { onSubmit: (values: CodeValues) => Promise<void> }) {
  const { t } = useTranslation('account');
  const submit = useSubmit(onSubmit);
  return (
    <Formik initialValues={{ code: '' }} validationSchema={codeSchema} onSubmit={submit}>
      <FormikForm lastEnter="submit" className="form">
        <FormAlert />
        <TextField
          name="code"
          label={t('fields.code')}
          hint={t('fields.codeHint')}
          className="code-input"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          autoFocus
        />
        <SubmitButton>{t('login.verify')}</SubmitButton>
      </FormikForm>
    </Formik>
  );
}
