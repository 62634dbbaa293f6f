import './register-locales.ts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntryForm } from '#components/entry-form';
import { usePonds } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { Card, EmptyState, LoadError, Loading, PageHeader } from '#components/page';
import { useToast } from '#components/toast';
import { getDb } from '#local/db';
import { createRepository } from '#local/repository';
import { ANCO } from '#local/resources';
import type { Farm, Pond } from '#shared/contracts/farm';
import { ANCO_DEFAULT_TRAYS, ancoAdvice } from '#shared/domain/anco';
import { daysOfCulture } from '#shared/domain/figures';
import { FEEDINGS, FeedingPicker, isHhMm, RecordDateTime, TrayCount, TrayRow } from './record-fields.tsx';
import { AncoRecentList } from './record-lists.tsx';
import { activeCycleOf, entryPonds, useDraftState, useFarmCycles } from './records-data.ts';
import {
  type AncoEntryState,
  type AncoPond,
  ancoPond,
  ancoRecords,
  ancoTouched,
  dayProblem,
  localTime,
  localToday,
  tapTray,
} from './records-model.ts';
import './records.css';

const DRAFT = 'anco';
const traysKey = (farmId: string) => `tambak:anco-trays:${farmId}`;

/** Trays per pond as last used on this phone (the pond list has no tray count yet). */
function rememberedTrays(farmId: string): Record<string, number> {
  try {
    return JSON.parse(globalThis.localStorage?.getItem(traysKey(farmId)) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

const initial = (): AncoEntryState => ({ date: localToday(), feeding: 1, time: localTime(), ponds: {} });
const hasContent = (s: AncoEntryState) => Object.values(s.ponds).some(ancoTouched);

function AncoPondCard({
  pond,
  value,
  doc,
  onChange,
}: {
  pond: Pond;
  value: AncoPond;
  doc?: number;
  onChange: (next: AncoPond) => void;
}) {
  const { t } = useTranslation('records');
  const advice = ancoAdvice(value.statuses);
  const id = useId();
  return (
    <section className="card anco-card" aria-labelledby={id} data-testid="anco-pond">
      <header className="anco-card__head">
        <h2 className="card__title" id={id}>
          {pond.name}
        </h2>
        {doc !== undefined && <span className="muted">{t('common.doc', { doc })}</span>}
      </header>
      <TrayCount value={value} onChange={onChange} />
      {value.statuses.map((status, i) => (
        <TrayRow
          // biome-ignore lint/suspicious/noArrayIndexKey: trays are numbered by position
          key={i}
          index={i}
          status={status}
          onTap={(s) => onChange(tapTray(value, i, s))}
        />
      ))}
      <p className={`anco-advice anco-advice--${advice}`} role="status">
        {t(`anco.advice.${advice}`)}
      </p>
    </section>
  );
}

function AncoEntry({ farm, ponds }: { farm: Farm; ponds: Pond[] }) {
  const { t } = useTranslation('records');
  const toast = useToast();
  const db = getDb();
  const farmId = farm.farm_id;
  const cycles = useFarmCycles(farmId);
  const { state, setState, ready, restored, reset } = useDraftState(farmId, DRAFT, initial, hasContent);
  const [saving, setSaving] = useState(false);
  const [trays] = useState(() => rememberedTrays(farmId));
  const today = localToday();
  const shown = useMemo(() => entryPonds(farm, ponds, cycles ?? [], 'cycle'), [farm, ponds, cycles]);
  if (!ready || !cycles) return <Loading />;

  const nameOf = (id: string) => ponds.find((p) => p.pond_id === id)?.name ?? '';
  const dayIssue = (() => {
    if (dayProblem(state.date, today) === 'future') return t('common.future');
    for (const [pondId, p] of Object.entries(state.ponds)) {
      const cycle = activeCycleOf(cycles, pondId);
      if (ancoTouched(p) && cycle && dayProblem(state.date, today, cycle.start_date) === 'beforeCycle')
        return t('common.beforeCycle', { pond: nameOf(pondId), date: cycle.start_date });
    }
    return null;
  })();
  const filled = Object.values(state.ponds).filter(ancoTouched).length;

  const save = async () => {
    if (dayIssue) return toast.error(dayIssue);
    if (!isHhMm(state.time)) return toast.error(t('common.badTime'));
    const { records, partial } = ancoRecords(
      state,
      farmId,
      (id) => activeCycleOf(cycles, id)?.cycle_id ?? null,
    );
    if (partial.length > 0) return toast.error(t('anco.partial', { names: partial.map(nameOf).join(', ') }));
    if (records.length === 0) return toast.error(t('anco.nothingToSave'));
    setSaving(true);
    try {
      await createRepository(ANCO, db).create(records);
      const counts = { ...trays };
      for (const [id, p] of Object.entries(state.ponds)) counts[id] = p.trays;
      globalThis.localStorage?.setItem(traysKey(farmId), JSON.stringify(counts));
      Object.assign(trays, counts);
      // The next round is usually the next feeding, same day.
      reset({
        ...state,
        feeding: Math.min(state.feeding + 1, FEEDINGS.length),
        time: localTime(),
        ponds: {},
      });
      toast.success(
        t(navigator.onLine ? 'anco.savedCount' : 'anco.savedCountOffline', { count: records.length }),
      );
    } catch {
      toast.error(t('common.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <EntryForm
      className="stack records-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {restored && (
        <div className="notice row" role="status">
          <span>{t('common.draftRestored')}</span>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => reset(initial())}
          >
            {t('common.discardDraft')}
          </button>
        </div>
      )}
      <Card>
        <RecordDateTime
          date={state.date}
          time={state.time}
          today={today}
          timeLabel={t('anco.checkedAt')}
          onChange={(next) => setState((s) => ({ ...s, ...next }))}
        />
        <FeedingPicker value={state.feeding} onChange={(n) => setState((s) => ({ ...s, feeding: n }))} />
        <p className="muted">{t('anco.hint')}</p>
        {dayIssue && (
          <p className="field__error" role="alert">
            {dayIssue}
          </p>
        )}
      </Card>
      {shown.length === 0 && <EmptyState title={t('common.noCycle')} />}
      {shown.map((pond) => {
        const cycle = activeCycleOf(cycles, pond.pond_id);
        return (
          <AncoPondCard
            key={pond.pond_id}
            pond={pond}
            value={ancoPond(state, pond.pond_id, trays[pond.pond_id] ?? ANCO_DEFAULT_TRAYS)}
            doc={cycle ? daysOfCulture(cycle.start_date, state.date) : undefined}
            onChange={(next) => setState((s) => ({ ...s, ponds: { ...s.ponds, [pond.pond_id]: next } }))}
          />
        );
      })}
      <div className="save-bar">
        <button
          type="submit"
          className="button button--primary button--block save-bar__button"
          disabled={saving || shown.length === 0}
          aria-busy={saving}
        >
          {saving
            ? t('common.saving')
            : filled > 0
              ? t('anco.saveCount', { count: filled })
              : t('common.save')}
        </button>
      </div>
    </EntryForm>
  );
}

function AncoScreenBody({ farm }: { farm: Farm }) {
  const { t } = useTranslation('records');
  const ponds = usePonds(farm.farm_id);
  const back = `/farm/${encodeURIComponent(farm.farm_id)}`;
  return (
    <div className="narrow records-screen">
      <PageHeader title={t('anco.title')} subtitle={farm.name} backTo={back} />
      {ponds.data ? (
        <>
          <AncoEntry key={farm.farm_id} farm={farm} ponds={ponds.data} />
          <Card title={t('anco.recent')}>
            <AncoRecentList farm={farm} limit={10} />
          </Card>
        </>
      ) : ponds.error ? (
        <LoadError error={ponds.error} onRetry={ponds.reload} />
      ) : (
        <Loading />
      )}
    </div>
  );
}

/** /farm/{farm_id}/feed-tray/add: feed-tray checks of several ponds in one round. */
export function AncoEntryScreen() {
  return <FarmGate>{(farm) => <AncoScreenBody farm={farm} />}</FarmGate>;
}
