import './register-locales.ts';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#components/dialog';
import { applyServerErrors, FormAlert, FormikForm, SubmitButton, TextField } from '#components/form-field';
import { reachesServer } from '#components/sync-status.ts';
import { useToast } from '#components/toast';
import { yup } from '#components/validation';

const schema = yup.object({ block_name: yup.string().trim().required().max(100) });

interface BlockDialogProps {
  open: boolean;
  title: string;
  initialName: string;
  onClose: () => void;
  onSave: (name: string) => Promise<unknown>;
}

export function BlockDialog({ open, title, initialName, onClose, onSave }: BlockDialogProps) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <Formik
        initialValues={{ block_name: initialName }}
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          try {
            await onSave(values.block_name.trim());
            // Saved on the device either way; offline, say when it will reach the server.
            toast.success(t(reachesServer() ? 'ui:toast.saved' : 'sync:savedOffline'));
            onClose();
          } catch (error) {
            applyServerErrors(error, helpers, values);
            toast.error(error);
          }
        }}
      >
        <FormikForm className="form">
          <FormAlert />
          <TextField name="block_name" label={t('blocks.name')} hint={t('blocks.nameHint')} autoFocus />
          <SubmitButton>{t('ui:actions.save')}</SubmitButton>
        </FormikForm>
      </Formik>
    </Dialog>
  );
}
