import './register-locales.ts';
import { Formik, useFormikContext } from 'formik';
import { useEffect, useState } from 'react';
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
import { typingLanguage } from '#components/number-field';
import { PhotoPicker, type PickedPhoto } from '#components/photo-picker';
import { reachesServer } from '#components/sync-status.ts';
import { useToast } from '#components/toast';
import { addRecordPhotos, removeRecordPhoto, useRecordPhotos } from '#components/use-record-photos.ts';
import { messageKey, yup } from '#components/validation';
import { newId } from '#local/ids';
import type { FinanceAccount, FinanceCategory, FinanceTransaction } from '#shared/contracts/finance';
import { formatDate } from '#shared/domain/date-format';
import { PAYMENT_METHODS, type PaymentMethod, transactionDateProblem } from '#shared/domain/finance';
import { adoptOlder, saveTransactionWithReceipts, transactionsRepo } from './finance-data.ts';
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

/** The form's rules; the date is checked against the chosen account's opening day as the server does. */
const schemaFor = (accounts: readonly FinanceAccount[]) =>
  yup.object({
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
      .matches(/^\d{4}-\d{2}-\d{2}$/)
      .test('account-open', function check(date) {
        const account = accounts.find((a) => a.account_id === this.parent.account_id);
        const problem = date ? transactionDateProblem(date, account?.start_date) : null;
        if (!problem) return true;
        const opened = formatDate(problem.params.date, typingLanguage());
        return this.createError({ message: messageKey(problem.key, { date: opened }) });
      }),
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
 * method, amount in whole rupiah, date, note, receipt photos. Saved on the phone, sent by
 * the outbox; photos follow the shared photo path (resized, kept until uploaded). Photos
 * picked or removed here are kept in the dialog and stored only by its save button.
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
  const txId = transaction?.transaction_record_id;
  const stored = useRecordPhotos('transaction', txId ? [txId] : []).get(txId ?? '') ?? [];
  const [picked, setPicked] = useState<(PickedPhoto & { id: string })[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
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
          validationSchema={schemaFor(accounts)}
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
              if (transaction) {
                // A transaction older than the phone keeps was taken into the mirror when the
                // dialog opened; a whole-list pull since then drops it again (it is not in the
                // kept window), so it is taken in once more right before the change.
                await adoptOlder(transaction);
                await transactionsRepo().update(transaction.transaction_record_id, fields);
                const target = {
                  farmId,
                  recordType: 'transaction',
                  recordId: transaction.transaction_record_id,
                };
                if (picked.length > 0) await addRecordPhotos(target, picked);
                for (const id of removed) await removeRecordPhoto(id);
              } else {
                const record = {
                  ...fields,
                  transaction_record_id: newId(),
                  farm_id: farmId,
                  photos: [],
                  source_type: null,
                  source_id: null,
                  created_by: null,
                };
                await saveTransactionWithReceipts(record, picked);
              }
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
              <PhotoPicker
                label={t('tx.receipts')}
                photos={[
                  ...stored.filter((p) => !removed.includes(p.id)),
                  ...picked.map((p) => ({ id: p.id, status: 'new' as const, blob: p.blob })),
                ]}
                onAdd={(more) => setPicked((list) => [...list, ...more.map((p) => ({ ...p, id: newId() }))])}
                onRemove={(id) => {
                  if (picked.some((p) => p.id === id)) setPicked((list) => list.filter((p) => p.id !== id));
                  else setRemoved((list) => [...list, id]);
                }}
              />
              <SubmitButton>{t('ui:actions.save')}</SubmitButton>
            </FormikForm>
          )}
        </Formik>
      )}
    </Dialog>
  );
}
