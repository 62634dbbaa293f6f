import './register-locales.ts';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { can, useFarms } from '#components/farm-data';
import { FormikForm, SubmitButton, TextField } from '#components/form-field';
import { readTyped, typedNumber } from '#components/number-field';
import { Card } from '#components/page';
import { useToast } from '#components/toast';
import { useFetched } from '#components/use-fetched.ts';
import { yup } from '#components/validation';
import { api } from '#local/api-client';
import { getDb } from '#local/db';
import { enqueueAction } from '#local/outbox';
import { ACTION } from '#shared/domain/permissions';

const schema = yup.object({
  death_threshold: typedNumber({ integer: true, min: 1, max: 100_000_000 }),
});

/**
 * The open farm's alert settings (the death threshold alerts fire from), for whoever may
 * edit its standards. Read online; a save goes through the outbox, so it also waits offline.
 */
export function FarmAlertSettingsCard({ farmId }: { farmId: string }) {
  const { t } = useTranslation('notifications');
  const toast = useToast();
  const farm = useFarms().data?.find((f) => f.farm_id === farmId);
  const editable = can(farm, 'water_quality_setting', ACTION.edit);
  const current = useFetched(editable ? `alert-setting:${farmId}` : null, () =>
    api.get<{ death_threshold: number | null }>(`/alertSetting?farm_id=${encodeURIComponent(farmId)}`),
  );
  if (!editable || !farm || !current.data) return null;
  return (
    <Card title={t('farm.title', { farm: farm.name })}>
      <Formik
        initialValues={{ death_threshold: current.data.death_threshold?.toString() ?? '' }}
        validationSchema={schema}
        onSubmit={async (values) => {
          const value = readTyped(values.death_threshold);
          await enqueueAction(getDb(), {
            method: 'PUT',
            url: '/api/alertSetting',
            body: { farm_id: farmId, death_threshold: value },
          });
          toast.success(t('farm.saved'));
        }}
      >
        <FormikForm className="form">
          <TextField
            name="death_threshold"
            inputMode="numeric"
            label={t('farm.deathThreshold')}
            hint={t('farm.deathHint')}
            optional
          />
          <SubmitButton>{t('farm.save')}</SubmitButton>
        </FormikForm>
      </Formik>
    </Card>
  );
}
