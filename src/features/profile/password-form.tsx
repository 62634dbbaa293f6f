import './register-locales.ts';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import {
  applyServerErrors,
  FormAlert,
  FormikForm,
  NewPasswordFields,
  SubmitButton,
  TextField,
} from '#components/form-field';
import { useToast } from '#components/toast';
import { yup } from '#components/validation';
import { api } from '#local/api-client';

const schema = yup.object({
  old_password: yup.string().required(),
  new_password: yup.string().required().min(8),
  confirm_password: yup
    .string()
    .required()
    .oneOf([yup.ref('new_password')], 'validation.confirmed'),
});

const EMPTY = { old_password: '', new_password: '', confirm_password: '' };

/** Seed 000 §5: the change sends old, new and confirm password. */
export function PasswordForm() {
  const { t } = useTranslation('profile');
  const toast = useToast();
  return (
    <Formik
      initialValues={EMPTY}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        try {
          const { message } = await api.post<null>('/user/password', values);
          toast.success(message || t('password.done'));
          helpers.resetForm();
        } catch (error) {
          applyServerErrors(error, helpers, values);
          toast.error(error);
        }
      }}
    >
      <FormikForm className="form">
        <FormAlert />
        <TextField
          name="old_password"
          type="password"
          label={t('password.old')}
          autoComplete="current-password"
        />
        <NewPasswordFields
          name="new_password"
          confirmName="confirm_password"
          label={t('password.new')}
          confirmLabel={t('password.confirm')}
          hint={t('password.newHint')}
        />
        <SubmitButton>{t('password.submit')}</SubmitButton>
      </FormikForm>
    </Formik>
  );
}
