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
import { useToast } from '#components/toast';
import { yup } from '#components/validation';
import type { Block, Pond } from '#shared/contracts/farm';

/** Farmers type "1.500,5" as often as "1500.5": a comma makes dots thousands separators. */
export function parseDecimal(input: unknown): number | undefined {
  if (typeof input === 'number') return input;
  const text = String(input ?? '').replace(/\s/g, '');
  if (!text) return undefined;
  const normalised = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
  return /^-?\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : Number.NaN;
}

const schema = yup.object({
  block_id: yup.string().required(),
  name: yup.string().trim().required().max(100),
  area: yup
    .number()
    .transform((_value, original) => parseDecimal(original))
    .typeError('validation.numeric')
    .required()
    .min(0)
    .max(10_000_000),
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
    area: pond ? String(pond.area) : '',
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
              area: parseDecimal(values.area) ?? 0,
            });
            // Saved on the device either way; offline, say when it will reach the server.
            toast.success(t(navigator.onLine ? 'ui:toast.saved' : 'sync:savedOffline'));
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
          <TextField name="area" label={t('ponds.area')} inputMode="decimal" />
          <SubmitButton>{t('ui:actions.save')}</SubmitButton>
        </FormikForm>
      </Formik>
    </Dialog>
  );
}
