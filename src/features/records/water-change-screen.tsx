import './register-locales.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePonds } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { Card, EmptyState, Loaded, Loading, PageHeader } from '#components/page';
import { useToast } from '#components/toast';
import { getDb } from '#local/db';
import { createRepository } from '#local/repository';
import { WATER_CHANGES } from '#local/resources';
import type { Farm, Pond } from '#shared/contracts/farm';
import { RecordEntryForm, useEntryReturn, useRecordSave } from './record-entry-form.tsx';
import { isHhMm, RecordDateTime, WaterChangeFields } from './record-fields.tsx';
import { WaterChangeRecentList } from './record-lists.tsx';
import { activeCycleOf, entryPonds, useDraftState, useFarmCycles } from './records-data.ts';
import {
  dayProblem,
  localTime,
  localToday,
  type WaterChangePond,
  type WaterChangeState,
  waterChangeProblem,
  waterChangeRecords,
  waterChangeTouched,
} from './records-model.ts';
import './records.css';
import { reachesServer } from '#components/sync-status.ts';

const DRAFT = 'water-change';
const EMPTY: WaterChangePond = { percent: '', height: '', note: '' };
const initial = (): WaterChangeState => ({ date: localToday(), time: localTime(), ponds: {} });
const hasContent = (s: WaterChangeState) => Object.values(s.ponds).some(waterChangeTouched);

function PondChangeCard({
  pond,
  value,
  onChange,
}: {
  pond: Pond;
  value: WaterChangePond;
  onChange: (v: WaterChangePond) => void;
}) {
  const { t } = useTranslation('records');
  const problem = waterChangeTouched(value) ? waterChangeProblem(value) : null;
  return (
    <Card title={pond.name}>
      <WaterChangeFields value={value} problem={problem} onChange={onChange} areaM2={pond.area} />
      {problem && (
        <p className="field__error" role="alert">
          {t(`waterChange.${problem}`)}
        </p>
      )}
    </Card>
  );
}

function WaterChangeEntry({ farm, ponds }: { farm: Farm; ponds: Pond[] }) {
  const { t } = useTranslation('records');
  const toast = useToast();
  const farmId = farm.farm_id;
  const cycles = useFarmCycles(farmId);
  const { state, setState, ready, restored, reset } = useDraftState(farmId, DRAFT, initial, hasContent);
  const { leaveTo } = useEntryReturn(farm.farm_id);
  const { saving, run } = useRecordSave(leaveTo);
  const today = localToday();
  const shown = useMemo(() => entryPonds(farm, ponds, cycles ?? [], 'cycle'), [farm, ponds, cycles]);
  if (!ready || !cycles) return <Loading />;
  const nameOf = (id: string) => ponds.find((p) => p.pond_id === id)?.name ?? '';
  const dayIssue = (() => {
    if (dayProblem(state.date, today) === 'future') return t('common.future');
    for (const [pondId, p] of Object.entries(state.ponds)) {
      const cycle = activeCycleOf(cycles, pondId);
      if (waterChangeTouched(p) && cycle && dayProblem(state.date, today, cycle.start_date) === 'beforeCycle')
        return t('common.beforeCycle', { pond: nameOf(pondId), date: cycle.start_date });
    }
    return null;
  })();
  const filled = Object.values(state.ponds).filter(waterChangeTouched).length;

  const save = async () => {
    if (dayIssue) return toast.error(dayIssue);
    if (state.time && !isHhMm(state.time)) return toast.error(t('common.badTime'));
    const { records, invalid } = waterChangeRecords(
      state,
      farmId,
      (id) => activeCycleOf(cycles, id)?.cycle_id ?? null,
    );
    if (invalid.length > 0)
      return toast.error(`${invalid.map(nameOf).join(', ')}: ${t('waterChange.needOne')}`);
    if (records.length === 0) return toast.error(t('waterChange.nothingToSave'));
    await run(async () => {
      await createRepository(WATER_CHANGES, getDb()).create(records);
      reset({ ...state, ponds: {} });
      return t(reachesServer() ? 'waterChange.savedCount' : 'waterChange.savedCountOffline', {
        count: records.length,
      });
    });
  };

  return (
    <RecordEntryForm
      restored={restored}
      onDiscard={() => reset(initial())}
      onSave={save}
      saving={saving}
      disabled={shown.length === 0}
      saveLabel={filled > 0 ? t('waterChange.saveCount', { count: filled }) : undefined}
      bar
    >
      <Card>
        <RecordDateTime
          date={state.date}
          time={state.time}
          today={today}
          onChange={(next) => setState((s) => ({ ...s, ...next }))}
        />
        {dayIssue && (
          <p className="field__error" role="alert">
            {dayIssue}
          </p>
        )}
      </Card>
      {shown.length === 0 && <EmptyState title={t('common.noCycle')} />}
      {shown.map((pond) => (
        <PondChangeCard
          key={pond.pond_id}
          pond={pond}
          value={state.ponds[pond.pond_id] ?? EMPTY}
          onChange={(v) => setState((s) => ({ ...s, ponds: { ...s.ponds, [pond.pond_id]: v } }))}
        />
      ))}
    </RecordEntryForm>
  );
}

function Body({ farm }: { farm: Farm }) {
  const { t } = useTranslation('records');
  const ponds = usePonds(farm.farm_id);
  const { back } = useEntryReturn(farm.farm_id);
  return (
    <div className="narrow records-screen">
      <PageHeader title={t('waterChange.title')} subtitle={farm.name} backTo={back} />
      <Loaded read={ponds}>
        {(data) => (
          <>
            <WaterChangeEntry key={farm.farm_id} farm={farm} ponds={data} />
            <Card title={t('waterChange.recent')}>
              <WaterChangeRecentList farm={farm} limit={10} />
            </Card>
          </>
        )}
      </Loaded>
    </div>
  );
}

/** /farm/{farm_id}/water-change: water changes of several ponds in one entry. */
export function WaterChangeScreen() {
  return <FarmGate>{(farm) => <Body farm={farm} />}</FarmGate>;
}
