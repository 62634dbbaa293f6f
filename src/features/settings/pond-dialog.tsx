import './register-locales.ts';
import { Formik } from 'formik';
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
import { NumberField, readTyped, typedNumber, typingLanguage } from '#components/number-field';
import { reachesServer } from '#components/sync-status.ts';
import { useToast } from '#components/toast';
import { yup } from '#components/validation';
import type { Block, Pond } from '#shared/contracts/farm';
import { POND_AREA_MAX } from '#shared/domain/farm-limits';
import { numberForInput } from '#shared/domain/number-input';

const schema = yup.object({
  block_id: yup.string().required(),
  name: yup.string().trim().required().max(100),
  // The contract's range (src/shared/contracts/farm.ts, PondCreateBody.area).
  area: typedNumber({ required: true, min: 0, max: POND_AREA_MAX }),
});

export interface PondValues {
  block_id: string;
  name: string;
  area: number;
}

interface PondDialogProps {
  open: boolean;
  pond: Pond | null;
  blocks: Block[];
  onClose: () => void;
  onSave: (values: PondValues) => Promise<unknown>;
}

/** Add or edit a pond: its block, name and area in m². */
export function PondDialog({ open, pond, blocks, onClose, onSave }: PondDialogProps) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const initial = {
    block_id: pond?.block_id ?? blocks[0]?.block_id ?? '',
    name: pond?.name ?? '',
    area: pond ? numberForInput(pond.area, typingLanguage()) : '',
  };
  return (
    <Dialog open={open} title={pond ? t('ponds.edit') : t('ponds.add')} onClose={onClose}>
      <Formik
        initialValues={initial}
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          try {
            await onSave({
              block_id: values.block_id,
              name: values.name.trim(),
              area: readTyped(values.area) ?? 0,
            });
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
          <SelectField
            name="block_id"
            label={t('ponds.block')}
            options={blocks.map((block) => ({ value: block.block_id, label: block.block_name }))}
          />
          <TextField name="name" label={t('ponds.name')} hint={t('ponds.nameHint')} />
          <NumberField name="area" label={t('ponds.area')} unit="m²" />
          <SubmitButton>{t('ui:actions.save')}</SubmitButton>
        </FormikForm>
      </Formik>
    </Dialog>
  );
}
