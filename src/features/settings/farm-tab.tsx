import './register-locales.ts';
import { useNavigate } from '@tanstack/react-router';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { farmKeys, LAST_FARM_KEY, rememberedFarmId } from '#components/farm-data';
import {
  applyServerErrors,
  FormAlert,
  FormikForm,
  SubmitButton,
  SwitchField,
  TextField,
} from '#components/form-field';
import { Card } from '#components/page';
import { useToast } from '#components/toast';
import { refetch } from '#components/use-fetched.ts';
import { yup } from '#components/validation';
import type { Farm } from '#shared/contracts/farm';
import { ROLE } from '#shared/domain/permissions';
import { settingsApi } from './settings-api.ts';

const schema = yup.object({ name: yup.string().trim().required().max(100), is_hide_finance: yup.boolean() });

function FarmDetails({ farm }: { farm: Farm }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const isAdmin = farm.role_id === ROLE.admin;
  if (!farm.can_edit_farm) {
    return (
      <Card title={t('farm.details')}>
        <p>
          <strong>{t('farm.name')}:</strong> {farm.name}
        </p>
        <p className="muted">{t('readOnly')}</p>
      </Card>
    );
  }
  return (
    <Card title={t('farm.details')}>
      <Formik
        initialValues={{ name: farm.name, is_hide_finance: farm.is_hide_finance }}
        validationSchema={schema}
        enableReinitialize
        onSubmit={async (values, helpers) => {
          try {
            await settingsApi.updateFarm(farm.farm_id, {
              name: values.name.trim(),
              ...(isAdmin ? { is_hide_finance: values.is_hide_finance } : {}),
            });
            toast.success(t('farm.saved'));
          } catch (error) {
            applyServerErrors(error, helpers, values);
            toast.error(error);
          }
        }}
      >
        <FormikForm className="form">
          <FormAlert />
          <TextField name="name" label={t('farm.name')} />
          {isAdmin && (
            <SwitchField
              name="is_hide_finance"
              label={t('farm.hideFinance')}
              hint={t('farm.hideFinanceHint')}
            />
          )}
          <SubmitButton block={false}>{t('ui:actions.save')}</SubmitButton>
        </FormikForm>
      </Formik>
    </Card>
  );
}

/** Leaving or deleting ends on /farm, which opens another farm or the registration. */
function FarmExit({ farm }: { farm: Farm }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const confirm = useConfirm();
  const navigate = useNavigate();

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      if (rememberedFarmId() === farm.farm_id) localStorage.removeItem(LAST_FARM_KEY);
      toast.success(done);
      await navigate({ to: '/farm', replace: true });
      await refetch(farmKeys.farms);
    } catch (error) {
      toast.error(error);
    }
  };

  return (
    <Card title={t('farm.danger')}>
      <div className="row">
        <button
          type="button"
          className="button button--secondary"
          onClick={async () => {
            const ok = await confirm({
              message: t('farm.leaveConfirm', { name: farm.name }),
              confirmLabel: t('farm.leave'),
            });
            if (ok) await run(() => settingsApi.leaveFarm(farm.farm_id), t('farm.left', { name: farm.name }));
          }}
        >
          {t('farm.leave')}
        </button>
        {farm.role_id === ROLE.admin && (
          <button
            type="button"
            className="button button--danger"
            onClick={async () => {
              const ok = await confirm({
                message: t('farm.deleteConfirm', { name: farm.name }),
                confirmLabel: t('farm.delete'),
              });
              if (ok)
                await run(() => settingsApi.deleteFarm(farm.farm_id), t('farm.deleted', { name: farm.name }));
            }}
          >
            {t('farm.delete')}
          </button>
        )}
      </div>
    </Card>
  );
}

export function FarmTab({ farm }: { farm: Farm }) {
  return (
    <div className="stack">
      <FarmDetails farm={farm} />
      <FarmExit farm={farm} />
    </div>
  );
}
