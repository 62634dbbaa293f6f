import './register-locales.ts';
import { Formik, useFormikContext } from 'formik';
import { useEffect } from 'react';
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
import type { FinanceAccount, FinanceCategory, FinanceTransaction } from '#shared/contracts/finance';
import { PAYMENT_METHODS, type PaymentMethod } from '#shared/domain/finance';
import { transactionsRepo } from './finance-data.ts';
import { categoryLabel, parseRupiahInput } from './finance-model.ts';

interface Values {
  type: 'in' | 'out';
  account_id: string;
  category_transaction_id: string;
  metode: PaymentMethod;
  nominal: string;
  transaction_date: string;
  note: string;
}

const schema = yup.object({
  account_id: yup.string().required(),
  category_transaction_id: yup.string().required(),
  metode: yup.string().required(),
  nominal: yup.string().test('rupiah', (value, ctx) => {
    const parsed = parseRupiahInput(value);
    return 'error' in parsed ? ctx.createError({ message: parsed.error }) : true;
  }),
  transaction_date: yup
    .string()
    .required()
    .matches(/^\d{4}-\d{2}-\d{2}$/),
  note: yup.string().max(1000),
});

/** A category of the other type cannot stay picked when the type changes. */
function KeepCategoryOfType({ categories }: { categories: FinanceCategory[] }) {
  const { values, setFieldValue } = useFormikContext<Values>();
  useEffect(() => {
    const fits = categories.some(
      (c) => c.category_transaction_id === values.category_transaction_id && c.type === values.type,
    );
    if (!fits)
      void setFieldValue(
        'category_transaction_id',
        categories.find((c) => c.type === values.type)?.category_transaction_id ?? '',
      );
  }, [values.type, values.category_transaction_id, categories, setFieldValue]);
  return null;
}

/**
 * Record or edit income or an expense: type, account (open ones), category of that type,
 * method, amount in whole rupiah, date, note. Saved on the phone, sent by the outbox.
 */
export function TransactionDialog({
  farmId,
  accounts,
  categories,
  transaction,
  today,
  onClose,
}: {
  farmId: string;
  accounts: FinanceAccount[];
  categories: FinanceCategory[];
  transaction: FinanceTransaction | null;
  today: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('finance');
  const toast = useToast();
  const open = accounts.filter((a) => a.is_open || a.account_id === transaction?.account_id);
  const initial: Values = {
    type: transaction?.type ?? 'out',
    account_id: transaction?.account_id ?? open[0]?.account_id ?? '',
    category_transaction_id: transaction?.category_transaction_id ?? '',
    metode: transaction?.metode ?? 'cash',
    nominal: transaction ? String(transaction.nominal) : '',
    transaction_date: transaction?.transaction_date ?? today,
    note: transaction?.note ?? '',
  };
  return (
    <Dialog open title={transaction ? t('tx.edit') : t('tx.add')} onClose={onClose}>
      {open.length === 0 ? (
        <p className="notice">{t('tx.noOpenAccount')}</p>
      ) : (
        <Formik
          initialValues={initial}
          validationSchema={schema}
          onSubmit={async (values, helpers) => {
            const parsed = parseRupiahInput(values.nominal);
            if ('error' in parsed) return;
            const category = categories.find(
              (c) => c.category_transaction_id === values.category_transaction_id,
            );
            const fields = {
              account_id: values.account_id,
              category_transaction_id: values.category_transaction_id,
              metode: values.metode,
              nominal: parsed.value,
              transaction_date: values.transaction_date,
              note: values.note.trim(),
              // Shown at once, before the server answers with the same values.
              type: values.type,
              category_transaction_name: category?.category_transaction_name ?? '',
              category_icon: category?.category_icon ?? 'other',
              builtin_key: category?.builtin_key ?? null,
            };
            try {
              if (transaction) await transactionsRepo().update(transaction.transaction_record_id, fields);
              else
                await transactionsRepo().create([
                  {
                    ...fields,
                    farm_id: farmId,
                    photos: [],
                    source_type: null,
                    source_id: null,
                    created_by: null,
                  },
                ]);
              toast.success(t(navigator.onLine ? 'saved' : 'sync:savedOffline'));
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
              <KeepCategoryOfType categories={categories} />
              <SelectField
                name="type"
                label={t('tx.type')}
                options={[
                  { value: 'out', label: t('tx.expense') },
                  { value: 'in', label: t('tx.income') },
                ]}
              />
              <SelectField
                name="account_id"
                label={t('tx.account')}
                options={open.map((a) => ({ value: a.account_id, label: a.name }))}
              />
              <SelectField
                name="category_transaction_id"
                label={t('tx.category')}
                options={categories
                  .filter((c) => c.type === values.type)
                  .map((c) => ({ value: c.category_transaction_id, label: categoryLabel(c, t) }))}
              />
              <TextField
                name="nominal"
                label={t('tx.amount')}
                hint={t('tx.amountHint')}
                inputMode="numeric"
                autoComplete="off"
              />
              <SelectField
                name="metode"
                label={t('tx.method')}
                options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`method.${m}`) }))}
              />
              <TextField name="transaction_date" type="date" label={t('tx.date')} />
              <TextField name="note" label={t('tx.note')} optional autoComplete="off" />
              <p className="field__hint">{t('tx.photosLater')}</p>
              <SubmitButton>{t('ui:actions.save')}</SubmitButton>
            </FormikForm>
          )}
        </Formik>
      )}
    </Dialog>
  );
}
