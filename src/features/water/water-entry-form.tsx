import { DateTime } from 'luxon';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#components/page';
import { Tabs } from '#components/tabs';
import { useToast } from '#components/toast';
import { getDb, type TambakDb } from '#local/db';
import { newId } from '#local/ids';
import type { Farm, Pond } from '#shared/contracts/farm';
import { daysOfCulture } from '#shared/domain/doc';
import { WATER_KINDS, type WaterKind } from '#shared/domain/water-fields';
import {
  buildBatches,
  filledPonds,
  hasAnyValue,
  initialState,
  measuredAt,
  splitPonds,
  type WaterEntryState,
  whenProblem,
  withoutSaved,
} from './entry-model.ts';
import { PondEntryCard } from './pond-entry-card.tsx';
import { saveReadings, WATER_TABLES } from './save-readings.ts';
import { SavedBanner } from './saved-banner.tsx';
import { useEntryState, WATER_DRAFT } from './use-entry-state.ts';
import { activeCycleOf, useFarmCycles, useWaterStandards } from './water-data.ts';
import { WhenFields } from './when-fields.tsx';

interface WaterEntryFormProps {
  farm: Farm;
  ponds: readonly Pond[];
  /** Show only this pond (opened from its detail page) until "show all ponds". */
  pondId?: string;
  onLeave: () => void;
  db?: TambakDb;
}

export interface SavedRef {
  table: string;
  id: string;
}

/**
 * The round of readings: when, which kind, then one card per pond in dike order. Saving
 * writes to the phone only (record + outbox entry), so it is the same with or without
 * signal; the banner then follows the upload of what was just saved.
 */
export function WaterEntryForm({ farm, ponds, pondId, onLeave, db = getDb() }: WaterEntryFormProps) {
  const { t } = useTranslation('water');
  const toast = useToast();
  const farmId = farm.farm_id;
  const { state, setState, restored, setRestored, discard } = useEntryState(db, farmId);
  const { standards } = useWaterStandards(farmId, db);
  const cycles = useFarmCycles(farmId, db);
  const [only, setOnly] = useState(pondId);
  const [showWhen, setShowWhen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [lastSaved, setLastSaved] = useState<SavedRef[]>([]);
  const { enterable, viewOnly } = useMemo(() => splitPonds(farm, ponds), [farm, ponds]);
  const shown = only ? enterable.filter((p) => p.pond_id === only) : enterable;
  const today = DateTime.local().toISODate() ?? '';

  if (!state) return null;
  const problem = whenProblem(state.date, state.time);
  const pondIds = shown.map((p) => p.pond_id);
  const filled = pondIds.filter((id) =>
    WATER_KINDS.some((kind) => filledPonds(state.values[kind], [id])),
  ).length;
  const update = (change: (s: WaterEntryState) => WaterEntryState) => setState((s) => (s ? change(s) : s));
  const setValue = (kind: WaterKind, pond: string, field: string, text: string) =>
    update((s) => ({
      ...s,
      values: {
        ...s.values,
        [kind]: { ...s.values[kind], [pond]: { ...s.values[kind][pond], [field]: text } },
      },
    }));

  const save = async () => {
    const when = measuredAt(state.date, state.time);
    if (problem || !when) return setShowWhen(true);
    const cycleOf = (id: string) => activeCycleOf(cycles ?? [], id)?.cycle_id ?? null;
    const { batches, problems } = buildBatches(state, { farmId, pondIds, when, cycleOf, newId });
    const held = shown.filter((p) => WATER_KINDS.some((kind) => problems[kind][p.pond_id]));
    if (held.length > 0) toast.error(t('heldBack', { names: held.map((p) => p.name).join(', ') }));
    if (batches.length === 0) {
      if (held.length === 0) toast.error(t('nothingToSave'));
      return;
    }
    const values = withoutSaved(state.values, batches);
    // An emptied form is ready for the next round at the time it is next used, not at
    // this round's time: left open from morning to afternoon it must not say "Pagi".
    const rest = hasAnyValue(values) ? { ...state, values } : { ...initialState(), kind: state.kind };
    setSaving(true);
    try {
      await saveReadings(db, batches, { farmId, form: WATER_DRAFT, rest });
      setState(rest);
      setRestored(false);
      const saved = batches.flatMap((b) => b.records.map((r) => ({ table: WATER_TABLES[b.kind], id: r.id })));
      setLastSaved(saved);
      toast.success(t('savedOffline', { count: saved.length }));
    } catch {
      toast.error(t('saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  if (ponds.length === 0) return <EmptyState title={t('ponds.none')} />;
  return (
    <form
      className="water-entry"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {restored && (
        <div className="notice row water-entry__restored" role="status">
          <span>{t('draft.restored')}</span>
          <button type="button" className="button button--ghost button--small" onClick={discard}>
            {t('draft.discard')}
          </button>
        </div>
      )}
      <SavedBanner saved={lastSaved} db={db} onLeave={onLeave} />
      <WhenFields
        date={state.date}
        time={state.time}
        maxDate={today}
        problem={showWhen || state.time.length >= 5 ? problem : null}
        onChange={(next) => update((s) => ({ ...s, ...next }))}
      />
      <Tabs
        label={t('kindsLabel')}
        value={state.kind}
        onChange={(kind) => update((s) => ({ ...s, kind }))}
        items={WATER_KINDS.map((kind) => {
          const count = filledPonds(state.values[kind], pondIds);
          const label = t(`kinds.${kind}`);
          return { key: kind, label: count ? t('kindCount', { label, count }) : label };
        })}
      >
        {only && (
          <p className="row muted">
            {t('ponds.onlyOne', { name: shown[0]?.name ?? '' })}
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setOnly(undefined)}
            >
              {t('ponds.showAll')}
            </button>
          </p>
        )}
        {enterable.length === 0 && <EmptyState title={t('ponds.noneEnterable')} />}
        <div className="pond-entries">
          {shown.map((pond) => {
            const cycle = activeCycleOf(cycles ?? [], pond.pond_id);
            return (
              <PondEntryCard
                key={`${state.kind}-${pond.pond_id}`}
                pond={pond}
                kind={state.kind}
                values={state.values[state.kind][pond.pond_id]}
                onChange={(field, text) => setValue(state.kind, pond.pond_id, field, text)}
                standards={standards}
                doc={cycle ? daysOfCulture(cycle.start_date, today) : undefined}
              />
            );
          })}
        </div>
        {viewOnly.length > 0 && !only && (
          <p className="muted water-entry__view-only">
            {t('ponds.viewOnly', { count: viewOnly.length, names: viewOnly.map((p) => p.name).join(', ') })}
          </p>
        )}
      </Tabs>
      <div className="save-bar">
        <button
          type="submit"
          className="button button--primary button--block save-bar__button"
          disabled={saving || enterable.length === 0}
          aria-busy={saving}
        >
          {filled > 0 ? t('saveCount', { count: filled }) : t('save')}
        </button>
      </div>
    </form>
  );
}
