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
import { reachesServer } from '#components/sync-status.ts';
import { useToast } from '#components/toast';
import { yup } from '#components/validation';
import type { FinanceCategory } from '#shared/contracts/finance';
import { CATEGORY_ICONS, type CategoryIcon as IconKey } from '#shared/domain/finance';
import { CategoryIcon } from './category-icon.tsx';
import { categoriesRepo } from './finance-data.ts';

const schema = yup.object({
  type: yup.string().oneOf(['in', 'out']).required(),
  category_transaction_name: yup.string().trim().required().max(100),
  category_icon: yup
    .string()
    .oneOf([...CATEGORY_ICONS])
    .required(),
});

/** Add a farm's own category (type, name, icon) or rename / re-icon one; the type stays. */
export function CategoryDialog({
  farmId,
  category,
  onClose,
}: {
  farmId: string;
  category: FinanceCategory | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('finance');
  const toast = useToast();
  return (
    <Dialog open title={category ? t('categories.edit') : t('categories.add')} onClose={onClose}>
      <Formik
        initialValues={{
          type: category?.type ?? 'out',
          category_transaction_name: category?.category_transaction_name ?? '',
          category_icon: (category?.category_icon ?? 'other') as IconKey,
        }}
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          try {
            const fields = {
              category_transaction_name: values.category_transaction_name.trim(),
              category_icon: values.category_icon,
            };
            if (category) await categoriesRepo().update(category.category_transaction_id, fields);
            else
              await categoriesRepo().create([
                {
                  ...fields,
                  type: values.type,
                  farm_id: farmId,
                  built_in: false,
                  builtin_key: null,
                  deleted_at: null,
                },
              ]);
            toast.success(t(reachesServer() ? 'saved' : 'sync:savedOffline'));
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
            {!category && (
              <SelectField
                name="type"
                label={t('tx.type')}
                options={[
                  { value: 'out', label: t('tx.expense') },
                  { value: 'in', label: t('tx.income') },
                ]}
              />
            )}
            <TextField name="category_transaction_name" label={t('categories.name')} autoComplete="off" />
            <div className="finance-icon-pick">
              <SelectField
                name="category_icon"
                label={t('categories.icon')}
                options={CATEGORY_ICONS.map((i) => ({ value: i, label: t(`icon.${i}`) }))}
              />
              <CategoryIcon icon={values.category_icon} className="finance-icon" />
            </div>
            <SubmitButton>{t('ui:actions.save')}</SubmitButton>
          </FormikForm>
        )}
      </Formik>
    </Dialog>
  );
}
