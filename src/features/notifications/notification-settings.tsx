import './register-locales.ts';
import { Formik } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, FormikForm, SubmitButton, SwitchField, TimeField } from '#components/form-field';
import { useSyncStatusField } from '#components/sync-status.ts';
import { useToast } from '#components/toast';
import { useLiveMirror } from '#components/use-live-mirror.ts';
import { yup } from '#components/validation';
import { api } from '#local/api-client';
import { getDb } from '#local/db';
import { enablePush, type PushState, pushState } from '#local/push-subscription';
import type { NotificationSettings } from '#shared/contracts/notifications';
import { ALERT_KINDS, type AlertKind } from '#shared/domain/alerts';
import { isTime } from '#shared/domain/time-of-day';
import { cacheSettings, DEFAULT_SETTINGS, saveSettings, storedSettings } from './notifications-data.ts';

type Values = { kinds: Record<AlertKind, boolean>; quiet_from: string; quiet_to: string };

const schema = yup.object({
  quiet_from: yup
    .string()
    .test('time', 'validation.time', (value) => !value || isTime(value))
    .test('both', 'notifications:settings.bothTimes', (value, ctx) => !value === !ctx.parent.quiet_to),
  quiet_to: yup
    .string()
    .test('time', 'validation.time', (value) => !value || isTime(value))
    .test('both', 'notifications:settings.bothTimes', (value, ctx) => !value === !ctx.parent.quiet_from),
});

function toValues(s: NotificationSettings): Values {
  return {
    kinds: Object.fromEntries(ALERT_KINDS.map((k) => [k, s.push_kinds.includes(k)])) as Values['kinds'],
    quiet_from: s.quiet_from ?? '',
    quiet_to: s.quiet_to ?? '',
  };
}

function fromValues(v: Values): NotificationSettings {
  return {
    push_kinds: ALERT_KINDS.filter((k) => v.kinds[k]),
    quiet_from: v.quiet_from || null,
    quiet_to: v.quiet_to || null,
  };
}

/** Which kinds are pushed and the quiet hours: from the device at once, refreshed from the server when online. */
export function NotificationSettingsForm() {
  const { t } = useTranslation('notifications');
  const toast = useToast();
  const online = useSyncStatusField('online');
  const { data: stored } = useLiveMirror('notification-settings', storedSettings);
  useEffect(() => {
    if (!online) return;
    api
      .get<NotificationSettings>('/notifications/settings')
      .then((data) => cacheSettings(getDb(), data))
      .catch(() => undefined);
  }, [online]);
  const settings = stored ?? DEFAULT_SETTINGS;
  return (
    <Formik<Values>
      initialValues={toValues(settings)}
      enableReinitialize
      validationSchema={schema}
      onSubmit={async (values) => {
        await saveSettings(getDb(), fromValues(values));
        toast.success(online ? t('settings.saved') : t('settings.savedOffline'));
      }}
    >
      <FormikForm className="form">
        <FormAlert />
        <p className="muted">{t('settings.intro')}</p>
        <fieldset className="notification-kinds">
          <legend className="field__label">{t('settings.kinds')}</legend>
          {ALERT_KINDS.map((kind) => (
            <SwitchField key={kind} name={`kinds.${kind}`} label={t(`kinds.${kind}`)} />
          ))}
        </fieldset>
        <fieldset className="notification-quiet">
          <legend className="field__label">{t('settings.quiet')}</legend>
          <p className="field__hint">{t('settings.quietHint')}</p>
          <div className="notification-quiet__times">
            <TimeField name="quiet_from" placeholder="22:00" label={t('settings.quietFrom')} optional />
            <TimeField name="quiet_to" placeholder="05:00" label={t('settings.quietTo')} optional />
          </div>
        </fieldset>
        <SubmitButton>{t('settings.save')}</SubmitButton>
      </FormikForm>
    </Formik>
  );
}

/** Turns on push for this browser (the user's tap asks for permission). */
export function DevicePushCard() {
  const { t } = useTranslation('notifications');
  const online = useSyncStatusField('online');
  const [state, setState] = useState<PushState | null>(null);
  useEffect(() => {
    pushState()
      .then(setState)
      .catch(() => setState('unsupported'));
  }, []);
  if (state === null) return null;
  const text = {
    on: t('settings.deviceOn'),
    off: t('settings.deviceOff'),
    denied: t('settings.deviceDenied'),
    unsupported: t('settings.deviceUnsupported'),
  }[state];
  return (
    <div className="stack">
      <p data-push-state={state}>{text}</p>
      {state === 'off' && (
        <button
          type="button"
          className="button button--secondary"
          disabled={!online}
          onClick={() => void enablePush(api).then(setState)}
        >
          {t('settings.deviceEnable')}
        </button>
      )}
      {state === 'off' && !online && <p className="muted">{t('settings.deviceOffline')}</p>}
    </div>
  );
}
