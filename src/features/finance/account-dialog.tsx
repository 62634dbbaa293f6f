import './register-locales.ts';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#components/dialog';
import { applyServerErrors, FormAlert, FormikForm, SubmitButton, TextField } from '#components/form-field';
import { reachesServer } from '#components/sync-status.ts';
import { useToast } from '#components/toast';
import { yup } from '#components/validation';
import type { FinanceAccount } from '#shared/contracts/finance';
import { accountsRepo } from './finance-data.ts';

const schema = yup.object({
  name: yup.string().trim().required().max(100),
  start_date: yup
    .string()
    .required()
    .matches(/^\d{4}-\d{2}-\d{2}$/),
});

/** Add an account (name, opening day) or rename / re-date one. Saved on the phone first. */
export function AccountDialog({
  farmId,
  account,
  today,
  onClose,
}: {
  farmId: string;
  account: FinanceAccount | null;
  today: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('finance');
  const toast = useToast();
  return (
    <Dialog open title={account ? t('account.edit') : t('account.add')} onClose={onClose}>
      <Formik
        initialValues={{ name: account?.name ?? '', start_date: account?.start_date ?? today }}
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          try {
            const fields = { name: values.name.trim(), start_date: values.start_date };
            if (account) await accountsRepo().update(account.account_id, fields);
            else
              await accountsRepo().create([
                {
                  ...fields,
                  farm_id: farmId,
                  end_date: 0,
                  is_open: true,
                  income: '0',
                  expenses: '0',
                  balance: '0',
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
        <FormikForm className="form">
          <FormAlert />
          <TextField name="name" label={t('account.name')} hint={t('account.nameHint')} autoComplete="off" />
          <TextField name="start_date" type="date" label={t('account.startDate')} />
          <SubmitButton>{t('ui:actions.save')}</SubmitButton>
        </FormikForm>
      </Formik>
    </Dialog>
  );
}

/** Close an account from a day on (no new transactions), or reopen it. */
export function CloseAccountDialog({
  account,
  today,
  onClose,
}: {
  account: FinanceAccount;
  today: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('finance');
  const toast = useToast();
  return (
    <Dialog open title={t('account.closeTitle', { name: account.name })} onClose={onClose}>
      <Formik
        initialValues={{ end_date: today }}
        validationSchema={yup.object({
          end_date: yup
            .string()
            .required()
            .matches(/^\d{4}-\d{2}-\d{2}$/),
        })}
        onSubmit={async (values, helpers) => {
          try {
            await accountsRepo().update(account.account_id, { end_date: values.end_date, is_open: false });
            toast.success(t(reachesServer() ? 'saved' : 'sync:savedOffline'));
            onClose();
          } catch (error) {
            applyServerErrors(error, helpers, values);
            toast.error(error);
          }
        }}
      >
        <FormikForm className="form">
          <p className="notice">{t('account.closeExplain')}</p>
          <FormAlert />
          <TextField name="end_date" type="date" label={t('account.closeDate')} />
          <SubmitButton>{t('account.close')}</SubmitButton>
        </FormikForm>
      </Formik>
    </Dialog>
  );
}
