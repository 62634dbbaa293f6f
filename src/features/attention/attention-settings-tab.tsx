import './register-locales.ts';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { can } from '#components/farm-data';
import { applyServerErrors, FormAlert, FormikForm, SubmitButton, TextField } from '#components/form-field';
import { Card, LoadError, Loading } from '#components/page';
import { useToast } from '#components/toast';
import { useFetched } from '#components/use-fetched.ts';
import { ApiError, api } from '#local/api-client';
import type { AttentionSettings } from '#shared/contracts/attention';
import type { Farm } from '#shared/contracts/farm';
import { ACTION } from '#shared/domain/permissions';
import { checkThresholds, THRESHOLD_KEYS, type ThresholdTexts, toTexts } from './threshold-form.ts';

/**
 * Settings → Attention thresholds: the limits the attention board judges by. Read and
 * saved online (the board itself is read online, ADR 0038); a non-number or an impossible
 * value is refused here and by the server with a translated message, nothing saved.
 */
export function AttentionSettingsTab({ farm }: { farm: Farm }) {
  const { t, i18n } = useTranslation('attention');
  const toast = useToast();
  const farmId = farm.farm_id;
  const editable = can(farm, 'water_quality_setting', ACTION.edit);
  const current = useFetched(`attention-setting:${farmId}`, () =>
    api.get<AttentionSettings>('/attentionSetting', { farm_id: farmId }),
  );
  if (current.error) {
    if (current.error instanceof ApiError && current.error.code === 'network')
      return (
        <Card title={t('settings.title')}>
          <p className="notice">{t('settings.offline')}</p>
        </Card>
      );
    return <LoadError error={current.error} onRetry={current.reload} />;
  }
  if (!current.data) return <Loading />;
  return (
    <Card title={t('settings.title')}>
      <p className="muted">{t('settings.intro')}</p>
      {!editable && <p className="notice">{t('settings.readOnly')}</p>}
      <Formik<ThresholdTexts>
        initialValues={toTexts(current.data.thresholds, i18n.language)}
        enableReinitialize
        validate={(values) => checkThresholds(values).errors}
        onSubmit={async (values, helpers) => {
          const { thresholds } = checkThresholds(values);
          if (!thresholds || !editable) return;
          try {
            await api.put('/attentionSetting', { farm_id: farmId, thresholds });
            current.reload();
            toast.success(t('settings.saved'));
          } catch (error) {
            if (error instanceof ApiError && error.code === 'network') toast.error(t('settings.offline'));
            else {
              applyServerErrors(error, helpers, values);
              toast.error(error);
            }
          }
        }}
      >
        <FormikForm className="form">
          {THRESHOLD_KEYS.map((key) => (
            <TextField
              key={key}
              name={key}
              inputMode="decimal"
              label={t(`settings.${key}`)}
              disabled={!editable}
            />
          ))}
          <FormAlert />
          {editable && <SubmitButton>{t('settings.save')}</SubmitButton>}
        </FormikForm>
      </Formik>
    </Card>
  );
}
