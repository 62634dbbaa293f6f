import './register-locales.ts';
import { DateTime } from 'luxon';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { DraftBanner } from '#components/draft-banner';
import { EntryForm } from '#components/entry-form';
import { useStoreValue } from '#components/field-store.ts';
import { afterNextPaint } from '#components/first-screen.ts';
import { EmptyState } from '#components/page';
import { pondAction } from '#components/pond-access.ts';
import { useProgressiveCount } from '#components/progressive-count.ts';
import { useSession } from '#components/session';
import { reachesServer } from '#components/sync-status.ts';
import { Tabs } from '#components/tabs';
import { useToast } from '#components/toast';
import { getDb, type TambakDb } from '#local/db';
import { type FieldScope, rememberFields, usedFields } from '#local/field-memory';
import { newId } from '#local/ids';
import type { Farm, Pond } from '#shared/contracts/farm';
import { daysOfCulture } from '#shared/domain/figures';
import { ACTION } from '#shared/domain/permissions';
import { WATER_KINDS, type WaterKind } from '#shared/domain/water-fields';
import { standardsOfSlot } from '#shared/domain/water-standards';
import { type DuplicateChoice, DuplicateDialog } from './duplicate-dialog.tsx';
import { type Duplicate, findDuplicates } from './duplicate-readings.ts';
import {
  buildBatches,
  cardFields,
  filledPonds,
  hasAnyValue,
  initialState,
  measuredAt,
  type PartialPond,
  partialPonds,
  presetWhen,
  slotOf,
  splitPonds,
  usedFieldsOf,
  whenProblem,
  withoutPond,
  withoutSaved,
} from './entry-model.ts';
import { PondEntryCard } from './pond-entry-card.tsx';
import { ReadingEditDialog } from './reading-edit-dialog.tsx';
import { keepInSlot } from './same-slot-data.ts';
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
  /** Opened from the Today list: only the ponds still to do, and the slot's time. */
  onlyPonds?: string[] | null;
  presetTime?: string | null;
  /** The slot's day when it is an earlier one (`?date=`, a missed slot of yesterday on the board). */
  presetDate?: string | null;
  /** After a save (the Today list: back to it). */
  afterSave?: () => void;
  onLeave: () => void;
  db?: TambakDb;
}

export interface SavedRef {
  table: string;
  id: string;
}

/**
 * The round of readings: when, which kind, then one card per pond in dike order. Enter
 * (the keyboard's Next) walks field to field and pond to pond; only the save button
 * saves. Saving writes to the phone only (record + outbox entry), so it is the same with
 * or without signal; untouched cards make no record, a half-filled card and a second
 * reading of a pond in the same slot are asked about first.
 */
export function WaterEntryForm({
  farm,
  ponds,
  pondId,
  onlyPonds,
  presetTime,
  presetDate,
  afterSave,
  onLeave,
  db = getDb(),
}: WaterEntryFormProps) {
  const { t } = useTranslation('water');
  const toast = useToast();
  const confirm = useConfirm();
  const session = useSession();
  const farmId = farm.farm_id;
  const userId = session?.user?.id ?? session?.pu_id ?? '';
  const { store, ready, restored, setRestored, discard, cancelAutosave } = useEntryState(db, farmId);
  const date = useStoreValue(store, (s) => s.date);
  const time = useStoreValue(store, (s) => s.time);
  const kind = useStoreValue(store, (s) => s.kind);
  const { standards: farmStandards } = useWaterStandards(farmId, db);
  const cycles = useFarmCycles(farmId, db);
  const [only, setOnly] = useState(pondId ? [pondId] : (onlyPonds ?? undefined));
  const [showWhen, setShowWhen] = useState(false);
  const [saving, setSaving] = useState(false);
  /** A save under way (the state above is a frame late for a second tap). */
  const savingNow = useRef(false);
  const [lastSaved, setLastSaved] = useState<SavedRef[]>([]);
  const [asking, setAsking] = useState<{
    duplicates: Duplicate[];
    answer: (c: DuplicateChoice) => void;
  } | null>(null);
  const [editing, setEditing] = useState<Duplicate | null>(null);
  const [remembered, setRemembered] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once the draft is read
  useEffect(() => {
    if (!ready) return;
    const when = presetWhen(store.get(), presetTime, presetDate);
    if (when) store.set((s) => ({ ...s, ...when }));
    // Opened for a slot of the Today list: straight into the first box (the keyboard opens).
    if (onlyPonds) formRef.current?.querySelector<HTMLInputElement>('.pond-entries input')?.focus();
  }, [ready]);
  const { enterable, viewOnly } = useMemo(() => splitPonds(farm, ponds), [farm, ponds]);
  const shown = useMemo(
    () => (only ? enterable.filter((p) => only.includes(p.pond_id)) : enterable),
    [only, enterable],
  );
  const pondIds = useMemo(() => shown.map((p) => p.pond_id), [shown]);
  const drawn = useProgressiveCount(shown.length, ready);
  const today = DateTime.local().toISODate() ?? '';
  const slot = slotOf(time);
  // The ranges of the slot being entered (morning pH 7.5–8.0 …): the rule every screen flags with.
  const standards = useMemo(() => standardsOfSlot(farmStandards, slot), [farmStandards, slot]);

  const scope = (k: WaterKind): FieldScope => ({
    userId,
    farmId,
    form: `${WATER_DRAFT}/${k}`,
    slot: slot ?? '',
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `remembered` re-reads the memory after a save
  const layout = useMemo(
    () =>
      Object.fromEntries(
        WATER_KINDS.map((k) => [k, cardFields(k, slot && userId ? usedFields(scope(k)) : null)]),
      ) as Record<WaterKind, ReturnType<typeof cardFields>>,
    [slot, userId, farmId, remembered],
  );
  const counts = useStoreValue(store, (s) =>
    WATER_KINDS.map((k) => filledPonds(s.values[k], pondIds)).join(','),
  )
    .split(',')
    .map(Number);
  const filled = useStoreValue(
    store,
    (s) => pondIds.filter((id) => WATER_KINDS.some((k) => filledPonds(s.values[k], [id]))).length,
  );

  if (!ready) return null;
  const problem = whenProblem(date, time);
  const nameOf = (id: string) => ponds.find((p) => p.pond_id === id)?.name ?? '';
  const canEdit = (id: string) => {
    const pond = ponds.find((p) => p.pond_id === id);
    return pond ? pondAction(farm, pond, 'water_quality') >= ACTION.edit : false;
  };

  const focusField = (target: PartialPond) => {
    store.set((s) => ({ ...s, kind: target.kind }));
    // After the tab switch has drawn the card.
    requestAnimationFrame(() => {
      const box = formRef.current?.querySelector<HTMLElement>(
        `[name="${target.kind}.${target.pondId}.${target.missing[0]}"]`,
      );
      box?.focus();
    });
  };

  const askPartial = async (partial: PartialPond[]): Promise<boolean> => {
    if (partial.length === 0) return true;
    const current = store.get().kind;
    const lines = partial.map(({ kind: k, pondId: id, missing }) =>
      t('partial.line', {
        pond: k === current ? nameOf(id) : `${nameOf(id)} · ${t(`kinds.${k}`)}`,
        fields: missing.map((f) => t(`fields.${f}`)).join(', '),
      }),
    );
    const ok = await confirm({
      title: t('partial.title'),
      message: `${t('partial.intro', { count: partial.length })} ${lines.join('; ')}. ${t('partial.outro')}`,
      confirmLabel: t('partial.save'),
      danger: false,
    });
    if (!ok) focusField(partial[0]);
    return ok;
  };

  const askDuplicates = (duplicates: Duplicate[]) =>
    new Promise<DuplicateChoice>((resolve) => {
      setAsking({
        duplicates,
        answer: (choice) => {
          setAsking(null);
          resolve(choice);
        },
      });
    });

  const saveRound = async () => {
    const state = store.get();
    const when = measuredAt(state.date, state.time);
    if (whenProblem(state.date, state.time) || !when) return setShowWhen(true);
    const cycleOf = (id: string) => activeCycleOf(cycles ?? [], id)?.cycle_id ?? null;
    const { batches, problems } = buildBatches(state, { farmId, pondIds, when, cycleOf, newId });
    const held = shown.filter((p) => WATER_KINDS.some((k) => problems[k][p.pond_id]));
    if (held.length > 0) toast.error(t('heldBack', { names: held.map((p) => p.name).join(', ') }));
    if (batches.length === 0) {
      if (held.length === 0) toast.error(t('nothingToSave'));
      return;
    }
    const toSave = new Set(batches.flatMap((b) => b.records.map((r) => `${b.kind}.${r.pond_id}`)));
    const partial = partialPonds(state, pondIds, (k) => layout[k].primary).filter((p) =>
      toSave.has(`${p.kind}.${p.pondId}`),
    );
    if (!(await askPartial(partial))) return;
    const duplicates = await findDuplicates(db, batches, state.date, when.time_of_day);
    let keptDoubles: Duplicate[] = [];
    if (duplicates.length > 0) {
      const choice = await askDuplicates(duplicates);
      if (choice === 'cancel') return;
      if (choice !== 'save') return setEditing(choice.edit);
      keptDoubles = duplicates;
    }
    const values = withoutSaved(state.values, batches);
    // An emptied form is ready for the next round at the time it is next used, not at
    // this round's time: left open from morning to afternoon it must not say "Pagi".
    const rest = hasAnyValue(values) ? { ...state, values } : { ...initialState(), kind: state.kind };
    try {
      cancelAutosave();
      await saveReadings(db, batches, { farmId, form: WATER_DRAFT, rest });
      // "Save anyway" was his choice: the double is kept, not flagged after sync (ADR 0063).
      for (const { existing } of keptDoubles) {
        const saved = batches
          .find((b) => b.kind === existing.kind)
          ?.records.find((r) => r.pond_id === existing.row.pond_id);
        if (saved) await keepInSlot(db, farmId, existing.kind, [existing.row.id, saved.id]);
      }
      store.set((s) => (s === state ? rest : { ...s, values: withoutSaved(s.values, batches) }));
      setRestored(false);
      if (userId)
        for (const [k, fields] of Object.entries(usedFieldsOf(batches)))
          rememberFields({ ...scope(k as WaterKind), slot: when.time_of_day }, fields);
      setRemembered((n) => n + 1);
      const saved = batches.flatMap((b) => b.records.map((r) => ({ table: WATER_TABLES[b.kind], id: r.id })));
      setLastSaved(saved);
      // "On this phone, waiting for signal" only when it is: online, the outbox sends it now.
      toast.success(t(reachesServer() ? 'savedOnline' : 'savedOffline', { count: saved.length }));
      afterSave?.();
    } catch {
      toast.error(t('saveFailed'));
    }
  };

  // The tap answers first (ADR 0080): the button shows it is saving in the tap's own frame,
  // and the round is checked and written after that frame is painted.
  const save = async () => {
    if (savingNow.current) return;
    savingNow.current = true;
    setSaving(true);
    try {
      await afterNextPaint();
      await saveRound();
    } finally {
      savingNow.current = false;
      setSaving(false);
    }
  };

  if (ponds.length === 0) return <EmptyState title={t('ponds.none')} />;
  return (
    <>
      <EntryForm
        ref={formRef}
        className="water-entry"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {restored && (
          <DraftBanner
            className="water-entry__restored"
            message={t('draft.restored')}
            discardLabel={t('draft.discard')}
            onDiscard={discard}
          />
        )}
        <SavedBanner saved={lastSaved} db={db} onLeave={onLeave} />
        <WhenFields
          date={date}
          time={time}
          maxDate={today}
          problem={showWhen || time.length >= 5 ? problem : null}
          onChange={(next) => store.set((s) => ({ ...s, ...next }))}
        />
        <Tabs
          label={t('kindsLabel')}
          value={kind}
          onChange={(next) => store.set((s) => ({ ...s, kind: next }))}
          items={WATER_KINDS.map((k, i) => {
            const label = t(`kinds.${k}`);
            return { key: k, label: counts[i] ? t('kindCount', { label, count: counts[i] }) : label };
          })}
        >
          {only && (
            <p className="row muted">
              {only.length === 1
                ? t('ponds.onlyOne', { name: shown[0]?.name ?? '' })
                : t('ponds.onlyList', { count: shown.length })}
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
            {shown.slice(0, drawn).map((pond) => {
              const cycle = activeCycleOf(cycles ?? [], pond.pond_id);
              return (
                <PondEntryCard
                  key={`${kind}-${pond.pond_id}`}
                  store={store}
                  pond={pond}
                  kind={kind}
                  primary={layout[kind].primary}
                  rest={layout[kind].rest}
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
      </EntryForm>
      {asking && (
        <DuplicateDialog
          duplicates={asking.duplicates}
          pondName={nameOf}
          canEdit={canEdit}
          onChoose={asking.answer}
        />
      )}
      {editing && (
        <ReadingEditDialog
          item={editing.existing}
          pondName={nameOf(editing.existing.row.pond_id)}
          standards={standards}
          db={db}
          draft={store.get().values[editing.existing.kind][editing.existing.row.pond_id]}
          onSaved={() => {
            const { kind: k, row } = editing.existing;
            store.set((s) => ({ ...s, values: withoutPond(s.values, k, row.pond_id) }));
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
