import './register-locales.ts';
import './probes.css';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { EntryForm } from '#components/entry-form';
import { usePonds } from '#components/farm-data';
import { useFormat } from '#components/format';
import { Card, EmptyState, LoadError, Loading } from '#components/page';
import { useToast } from '#components/toast';
import { useFetched } from '#components/use-fetched.ts';
import { ApiError, api } from '#local/api-client';
import type { Farm } from '#shared/contracts/farm';
import type { ProbeDevice, ProbeDeviceWithKey } from '#shared/contracts/probes';
import { PROBE_PARAMETERS, type ProbeParameter } from '#shared/domain/probe-units';

const isNetwork = (error: unknown) => error instanceof ApiError && error.code === 'network';

function CreateForm({
  farmId,
  onCreated,
}: {
  farmId: string;
  onCreated: (made: ProbeDeviceWithKey) => void;
}) {
  const { t } = useTranslation('probes');
  const toast = useToast();
  const ids = useId();
  const ponds = usePonds(farmId);
  const [name, setName] = useState('');
  const [pondId, setPondId] = useState('');
  const [parameters, setParameters] = useState<ProbeParameter[]>(['do', 'temperature']);
  const [temperatureUnit, setTemperatureUnit] = useState('°C');
  const [doUnit, setDoUnit] = useState('mg/L');
  const [busy, setBusy] = useState(false);
  const pond = pondId || ponds.data?.[0]?.pond_id || '';

  const toggle = (p: ProbeParameter) =>
    setParameters((list) => (list.includes(p) ? list.filter((x) => x !== p) : [...list, p]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !pond || !name.trim()) return;
    if (parameters.length === 0) {
      toast.error(t('create.pickParameter'));
      return;
    }
    setBusy(true);
    try {
      const units: Record<string, string> = {};
      if (parameters.includes('temperature')) units.temperature = temperatureUnit;
      if (parameters.includes('do')) units.do = doUnit;
      const { data } = await api.post<ProbeDeviceWithKey>('/probeDevice', {
        farm_id: farmId,
        pond_id: pond,
        name: name.trim(),
        parameters: PROBE_PARAMETERS.filter((p) => parameters.includes(p)),
        units,
      });
      setName('');
      toast.success(t('create.made'));
      onCreated(data);
    } catch (error) {
      toast.error(isNetwork(error) ? t('offline') : error);
    } finally {
      setBusy(false);
    }
  };

  if (ponds.data && ponds.data.length === 0) return <p className="notice">{t('create.noPonds')}</p>;
  return (
    <EntryForm className="form" onSubmit={(event) => void submit(event)} aria-label={t('create.title')}>
      <h3>{t('create.title')}</h3>
      <div className="field">
        <label className="field__label" htmlFor={`${ids}-name`}>
          {t('create.name')}
        </label>
        <input
          id={`${ids}-name`}
          className="field__input"
          value={name}
          maxLength={80}
          required
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${ids}-pond`}>
          {t('create.pond')}
        </label>
        <select
          id={`${ids}-pond`}
          className="field__input"
          value={pond}
          onChange={(e) => setPondId(e.target.value)}
        >
          {(ponds.data ?? []).map((p) => (
            <option key={p.pond_id} value={p.pond_id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="probes__choices">
        <legend>{t('create.parameters')}</legend>
        {PROBE_PARAMETERS.map((p) => (
          <label key={p} className="probes__choice">
            <input type="checkbox" checked={parameters.includes(p)} onChange={() => toggle(p)} />
            {t(`parameters.${p}`)}
          </label>
        ))}
      </fieldset>
      {parameters.includes('temperature') && (
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-temp`}>
            {t('create.temperatureUnit')}
          </label>
          <select
            id={`${ids}-temp`}
            className="field__input"
            value={temperatureUnit}
            onChange={(e) => setTemperatureUnit(e.target.value)}
          >
            <option value="°C">°C</option>
            <option value="°F">°F</option>
          </select>
        </div>
      )}
      {parameters.includes('do') && (
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-do`}>
            {t('create.doUnit')}
          </label>
          <select
            id={`${ids}-do`}
            className="field__input"
            value={doUnit}
            onChange={(e) => setDoUnit(e.target.value)}
          >
            <option value="mg/L">mg/L</option>
            <option value="%">% sat</option>
          </select>
        </div>
      )}
      <button type="submit" className="button button--primary" disabled={busy || !pond}>
        {t('create.submit')}
      </button>
    </EntryForm>
  );
}

/** The device key, shown once (the server keeps only its hash), with the device's topic. */
function ShownKey({ made, onDone }: { made: ProbeDeviceWithKey; onDone: () => void }) {
  const { t } = useTranslation('probes');
  const toast = useToast();
  const id = useId();
  const copy = async () => {
    try {
      await globalThis.navigator.clipboard.writeText(made.key);
      toast.success(t('key.copied'));
    } catch {
      toast.error(t('key.copyFailed'));
    }
  };
  return (
    <section className="probes__key" aria-labelledby={`${id}-title`} data-testid="probe-key">
      <h3 id={`${id}-title`}>{t('key.title')}</h3>
      <p>{t('key.once')}</p>
      <div className="probes__key-row">
        <label className="visually-hidden" htmlFor={`${id}-key`}>
          {t('key.label')}
        </label>
        <input
          id={`${id}-key`}
          className="field__input"
          readOnly
          value={made.key}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          {t('key.copy')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('key.done')}
        </button>
      </div>
      <p className="muted">
        {t('key.topic')}: <code>{made.device.topic}</code>
      </p>
    </section>
  );
}

function DeviceItem({
  device,
  onRotate,
  onRevoke,
}: {
  device: ProbeDevice;
  onRotate: (d: ProbeDevice) => void;
  onRevoke: (d: ProbeDevice) => void;
}) {
  const { t } = useTranslation('probes');
  const format = useFormat();
  const revoked = device.revoked_at !== null;
  return (
    <li className="probes__item" data-testid="probe-device">
      <div>
        <p>
          <strong>{device.name}</strong>
          <span className="probes__state">{revoked ? t('list.revoked') : t('list.active')}</span>
        </p>
        <p className="muted">
          {t('list.pond', { pond: device.pond_name })} ·{' '}
          {device.parameters.map((p) => t(`parameters.${p}`)).join(', ')}
        </p>
        <p className="muted">
          {device.last_message_at
            ? t('list.lastMessage', {
                date: format.date(device.last_message_at),
                time: format.time(device.last_message_at),
              })
            : t('list.never')}
          {device.battery !== null && ` · ${t('list.battery', { value: format.number(device.battery, 0) })}`}
          {device.signal !== null && ` · ${t('list.signal', { value: format.number(device.signal, 0) })}`}
        </p>
        {revoked && device.revoked_at && (
          <p className="muted">{t('list.revokedOn', { date: format.date(device.revoked_at) })}</p>
        )}
      </div>
      {!revoked && (
        <div className="probes__actions">
          <button
            type="button"
            className="button button--secondary"
            aria-label={t('list.rotateLabel', { name: device.name })}
            onClick={() => onRotate(device)}
          >
            {t('list.rotate')}
          </button>
          <button
            type="button"
            className="button button--danger"
            aria-label={t('list.revokeLabel', { name: device.name })}
            onClick={() => onRevoke(device)}
          >
            {t('list.revoke')}
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * Settings → Probe devices (issue 27 point 1, ADR 0066): the farm's probes with pond,
 * parameters, last message, battery and signal; add one and copy its key, shown once;
 * rotate or revoke with a confirm. Online only: devices and keys live on the server.
 */
export function ProbeDevicesTab({ farm }: { farm: Farm }) {
  const { t } = useTranslation('probes');
  const toast = useToast();
  const confirm = useConfirm();
  const farmId = farm.farm_id;
  const devices = useFetched(`probe-devices:${farmId}`, () =>
    api.get<ProbeDevice[]>('/probeDevice', { farm_id: farmId }),
  );
  const [shown, setShown] = useState<ProbeDeviceWithKey | null>(null);

  const act = async (device: ProbeDevice, action: 'rotate' | 'revoke') => {
    const yes = await confirm({
      title: t(`list.${action}Title`),
      message: t(`list.${action}Message`, { name: device.name }),
      confirmLabel: t(`list.${action}Confirm`),
    });
    if (!yes) return;
    try {
      const { data } = await api.post<ProbeDeviceWithKey | ProbeDevice>(
        `/probeDevice/${encodeURIComponent(device.id)}/${action}`,
      );
      if (action === 'rotate') setShown(data as ProbeDeviceWithKey);
      toast.success(t(action === 'rotate' ? 'list.rotated' : 'list.revokedDone'));
      devices.reload();
    } catch (error) {
      toast.error(isNetwork(error) ? t('offline') : error);
    }
  };

  return (
    <Card title={t('title')}>
      <p className="muted">{t('intro')}</p>
      {shown && <ShownKey made={shown} onDone={() => setShown(null)} />}
      <CreateForm
        farmId={farmId}
        onCreated={(made) => {
          setShown(made);
          devices.reload();
        }}
      />
      <h3>{t('list.title')}</h3>
      {devices.error ? (
        isNetwork(devices.error) ? (
          <p className="notice">{t('offline')}</p>
        ) : (
          <LoadError error={devices.error} onRetry={devices.reload} />
        )
      ) : !devices.data ? (
        <Loading />
      ) : devices.data.length === 0 ? (
        <EmptyState title={t('list.empty')} />
      ) : (
        <ul className="probes__list">
          {devices.data.map((d) => (
            <DeviceItem
              key={d.id}
              device={d}
              onRotate={(x) => void act(x, 'rotate')}
              onRevoke={(x) => void act(x, 'revoke')}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
