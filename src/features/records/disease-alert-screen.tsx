import './register-locales.ts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePonds } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { Card, Loaded, Loading, PageHeader } from '#components/page';
import { PhotoPicker, type PickedPhoto } from '#components/photo-picker';
import { getDb } from '#local/db';
import { newId } from '#local/ids';
import { saveRecordsWithPhotos } from '#local/photos';
import { DISEASES } from '#local/resources';
import type { Farm, Pond } from '#shared/contracts/farm';
import type { Disease } from '#shared/contracts/records';
import { masterDisease } from '#shared/domain/diseases';
import { RecordEntryForm, useEntryReturn, useRecordSave } from './record-entry-form.tsx';
import { DiseaseSelect, RecordDateTime, SeverityPicker } from './record-fields.tsx';
import { DiseaseRecentList } from './record-lists.tsx';
import { activeCycleOf, entryPonds, useDraftState, useFarmCycles } from './records-data.ts';
import { dayProblem, localToday, num } from './records-model.ts';
import './records.css';

const DRAFT = 'disease';
interface DiseaseDraft {
  pondId: string;
  date: string;
  diseaseId: string;
  severity: number | null;
  affected: string;
  note: string;
}
const initial = (): DiseaseDraft => ({
  pondId: '',
  date: localToday(),
  diseaseId: '',
  severity: null,
  affected: '',
  note: '',
});
const hasContent = (s: DiseaseDraft) => !!(s.diseaseId || s.note.trim() || s.affected.trim());

function DiseaseForm({ farm, ponds }: { farm: Farm; ponds: Pond[] }) {
  const { t, i18n } = useTranslation('records');
  const ids = { pond: useId(), affected: useId(), note: useId() };
  const cycles = useFarmCycles(farm.farm_id);
  const { state, setState, ready, restored, reset } = useDraftState(farm.farm_id, DRAFT, initial, hasContent);
  const { leaveTo } = useEntryReturn(farm.farm_id);
  const { saving, run } = useRecordSave(leaveTo);
  const [tried, setTried] = useState(false);
  // Picked photos stay in the form (Blobs, not in the text draft) until the save stores them with the record.
  const [picked, setPicked] = useState<(PickedPhoto & { id: string })[]>([]);
  const today = localToday();
  const choosable = useMemo(() => entryPonds(farm, ponds, cycles ?? [], 'disease'), [farm, ponds, cycles]);
  if (!ready || !cycles) return <Loading />;
  const set = (patch: Partial<DiseaseDraft>) => setState((s) => ({ ...s, ...patch }));
  const pondId = state.pondId || (choosable.length === 1 ? choosable[0].pond_id : '');
  const cycle = pondId ? activeCycleOf(cycles, pondId) : undefined;
  const master = state.diseaseId ? masterDisease(Number(state.diseaseId)) : undefined;
  const affected = num(state.affected, i18n.language);
  const errors = {
    pond: tried && !pondId ? t('disease.pondRequired') : null,
    disease: tried && !master ? t('disease.required') : null,
    affected: affected !== null && !(affected >= 0 && affected <= 100) ? t('disease.range') : null,
    date: (() => {
      const p = dayProblem(state.date, today, cycle?.start_date);
      if (p === 'future') return t('common.future');
      if (p === 'beforeCycle')
        return t('common.beforeCycle', {
          pond: choosable.find((x) => x.pond_id === pondId)?.name ?? '',
          date: cycle?.start_date,
        });
      return null;
    })(),
  };

  const save = async () => {
    setTried(true);
    if (!pondId || !master || errors.affected || errors.date) return;
    await run(async () => {
      const id = newId();
      const record: Partial<Disease> = {
        id,
        farm_id: farm.farm_id,
        pond_id: pondId,
        cycle_id: cycle?.cycle_id,
        disease_date: state.date,
        master_disease_id: master.id,
        severity: state.severity,
        affected_percent: affected,
        note: state.note.trim() || null,
      };
      await saveRecordsWithPhotos(
        getDb(),
        DISEASES,
        [record],
        [{ target: { farmId: farm.farm_id, recordType: 'disease', recordId: id, pondId }, photos: picked }],
      );
      setPicked([]);
      reset({ ...initial(), pondId: state.pondId });
      setTried(false);
      return t('common.saved');
    });
  };

  if (choosable.length === 0) return <p className="muted">{t('common.noCycle')}</p>;
  return (
    <RecordEntryForm restored={restored} onDiscard={() => reset(initial())} onSave={save} saving={saving}>
      <div className={`field${errors.pond ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={ids.pond}>
          {t('common.pond')}
        </label>
        <select
          id={ids.pond}
          className="field__input"
          value={pondId}
          onChange={(e) => set({ pondId: e.target.value })}
        >
          <option value="">—</option>
          {choosable.map((p) => (
            <option key={p.pond_id} value={p.pond_id}>
              {p.name}
            </option>
          ))}
        </select>
        {errors.pond && <p className="field__error">{errors.pond}</p>}
      </div>
      <RecordDateTime
        date={state.date}
        today={today}
        onChange={(next) => set({ date: next.date ?? state.date })}
      />
      {errors.date && <p className="field__error">{errors.date}</p>}
      <DiseaseSelect
        value={state.diseaseId}
        error={errors.disease}
        onChange={(id) => set({ diseaseId: id })}
      />
      <SeverityPicker value={state.severity} onChange={(n) => set({ severity: n })} />
      <div className={`field${errors.affected ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={ids.affected}>
          {t('disease.affected')} <span className="field__optional">({t('common.optional')})</span>
        </label>
        <input
          id={ids.affected}
          className="field__input"
          inputMode="decimal"
          autoComplete="off"
          value={state.affected}
          onChange={(e) => set({ affected: e.target.value })}
        />
        {errors.affected && <p className="field__error">{errors.affected}</p>}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.note}>
          {t('common.note')} <span className="field__optional">({t('common.optional')})</span>
        </label>
        <textarea
          id={ids.note}
          className="field__input"
          rows={3}
          maxLength={1000}
          value={state.note}
          onChange={(e) => set({ note: e.target.value })}
        />
      </div>
      <PhotoPicker
        label={t('disease.photos')}
        photos={picked.map((p) => ({ id: p.id, status: 'new', blob: p.blob }))}
        onAdd={(more) => setPicked((list) => [...list, ...more.map((p) => ({ ...p, id: newId() }))])}
        onRemove={(photoId) => setPicked((list) => list.filter((p) => p.id !== photoId))}
      />
    </RecordEntryForm>
  );
}

function Body({ farm }: { farm: Farm }) {
  const { t } = useTranslation('records');
  const ponds = usePonds(farm.farm_id);
  const { back } = useEntryReturn(farm.farm_id);
  return (
    <div className="records-screen">
      <PageHeader title={t('disease.title')} subtitle={farm.name} backTo={back} />
      <Loaded read={ponds}>
        {(data) => (
          <div className="records-two">
            <Card title={t('disease.recent')}>
              <DiseaseRecentList farm={farm} limit={30} empty={t('disease.none')} />
            </Card>
            <Card title={t('disease.add')}>
              <DiseaseForm key={farm.farm_id} farm={farm} ponds={data} />
            </Card>
          </div>
        )}
      </Loaded>
    </div>
  );
}

/** /farm/{farm_id}/disease-alert: the farm's recent disease records, newest first, and a form to record one. */
export function DiseaseAlertScreen() {
  return <FarmGate>{(farm) => <Body farm={farm} />}</FarmGate>;
}
