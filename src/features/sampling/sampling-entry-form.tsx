import './register-locales.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { DraftBanner } from '#components/draft-banner';
import { EntryForm } from '#components/entry-form';
import { useStoreValue } from '#components/field-store.ts';
import { EmptyState } from '#components/page';
import { useToast } from '#components/toast';
import { WhenInput } from '#components/when-input';
import { getDb, type TambakDb } from '#local/db';
import { newId } from '#local/ids';
import type { Farm, Pond } from '#shared/contracts/farm';
import { daysOfCulture } from '#shared/domain/figures';
import {
  buildEntry,
  hasAnything,
  previousSampling,
  samplingPonds,
  touched,
  withoutSaved,
} from './entry-model.ts';
import { heldBackMessage, heldBackPonds } from './held-back.ts';
import { useFarmCycles, useFarmSamplings } from './sampling-data.ts';
import { SamplingPondCard } from './sampling-pond-card.tsx';
import { saveSamplings } from './save-samplings.ts';
import { useSamplingEntry } from './use-sampling-entry.ts';
// The shared field look (form-field.css) comes with this module.
import '#components/form-field';
import { reachesServer } from '#components/sync-status.ts';

interface Props {
  farm: Farm;
  ponds: readonly Pond[];
  /** Only this pond (opened from its page). */
  pondId?: string;
  /** Opened from the Today list: the ponds due, until "all ponds"; after a save, back to it. */
  onlyPonds?: string[] | null;
  afterSave?: () => void;
  db?: TambakDb;
  /** The device's calendar day (tests pass one). */
  today?: string;
}

function localToday(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/**
 * Sampling of several ponds in one entry, like the water round: the day, then one card
 * per pond with an active cycle in dike order. Enter (the keyboard's Next) walks field to
 * field and pond to pond; only the save button saves, to the phone (record + outbox +
 * photos in one transaction), the same with or without signal.
 */
export function SamplingEntryForm({
  farm,
  ponds,
  pondId,
  onlyPonds,
  afterSave,
  db = getDb(),
  today = localToday(),
}: Props) {
  const { t } = useTranslation('sampling');
  const toast = useToast();
  const confirm = useConfirm();
  const farmId = farm.farm_id;
  const { store, ready, restored, setRestored, discard, cancelAutosave } = useSamplingEntry(
    db,
    farmId,
    today,
  );
  const date = useStoreValue(store, (s) => s.date);
  const cycles = useFarmCycles(farmId, db);
  const samplings = useFarmSamplings(farmId, db);
  const [saving, setSaving] = useState(false);
  const [showMissing, setShowMissing] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { enterable, withoutCycle } = useMemo(
    () => samplingPonds(farm, ponds, cycles ?? []),
    [farm, ponds, cycles],
  );
  const [only, setOnly] = useState(pondId ? [pondId] : (onlyPonds ?? null));
  const shown = useMemo(
    () => (only ? enterable.filter((e) => only.includes(e.pond.pond_id)) : enterable),
    [only, enterable],
  );
  const filled = useStoreValue(store, (s) => shown.filter((e) => touched(s, e.pond.pond_id)).length);
  const loaded = ready && cycles !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form is up
  useEffect(() => {
    // Opened for the Today list's sampling: straight into the first box (the keyboard opens).
    if (loaded && onlyPonds)
      formRef.current?.querySelector<HTMLInputElement>('.sampling-cards input')?.focus();
  }, [loaded]);
  if (!ready || cycles === undefined) return null;
  const nameOf = (id: string) => ponds.find((p) => p.pond_id === id)?.name ?? '';

  const save = async () => {
    const state = store.get();
    const cards = shown.map((e) => ({
      pondId: e.pond.pond_id,
      cycleId: e.cycle.cycle_id,
      // The server also refuses a day before the stocking (stocks are mirrored by the stock domain).
      earliest: e.cycle.start_date,
    }));
    const built = buildEntry(state, { farmId, cards, today, newId });
    if (built.records.length === 0) {
      setShowMissing(true);
      const held = Object.keys(built.problems);
      toast.error(
        held.length > 0 ? t('heldBack', { names: held.map(nameOf).join(', ') }) : t('nothingToSave'),
      );
      return;
    }
    // Every pond the save holds back, and why, before he confirms (not in a toast after it).
    const held = heldBackPonds(
      state,
      built.problems,
      cards.map((c) => c.pondId),
    );
    if (held.length > 0) {
      const ok = await confirm({
        title: t('partial.title'),
        message: heldBackMessage(held, t, nameOf),
        confirmLabel: t('partial.save'),
        danger: false,
      });
      if (!ok) {
        setShowMissing(true);
        const [first] = held;
        const field = Object.values(first.reasons)[0]?.[0];
        formRef.current?.querySelector<HTMLElement>(`[name="${first.pondId}.${field}"]`)?.focus();
        return;
      }
    }
    const savedPonds = built.records.map((r) => r.pond_id);
    const rest = withoutSaved(state, savedPonds);
    setSaving(true);
    try {
      cancelAutosave();
      await saveSamplings(db, built, farmId, rest);
      store.set((s) => (s === state ? rest : withoutSaved(s, savedPonds)));
      setRestored(false);
      setShowMissing(held.length > 0);
      toast.success(t(reachesServer() ? 'savedOnline' : 'savedOffline', { count: built.records.length }));
      if (held.length === 0) afterSave?.();
    } catch {
      toast.error(t('saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  if (ponds.length === 0) return <EmptyState title={t('ponds.none')} />;
  return (
    <EntryForm
      ref={formRef}
      className="sampling-entry"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {restored && hasAnything(store.get()) && (
        <DraftBanner message={t('draft.restored')} discardLabel={t('draft.discard')} onDiscard={discard} />
      )}
      <div className="field sampling-date">
        <label className="field__label" htmlFor="sampling-date">
          {t('date')}
        </label>
        <WhenInput
          id="sampling-date"
          type="date"
          className="field__input"
          value={date}
          max={today}
          onChange={(event) => {
            const next = event.target.value;
            store.set((s) => ({ ...s, date: next }));
          }}
        />
      </div>
      {shown.length === 0 && <EmptyState title={t('ponds.noneEnterable')} />}
      {only && !pondId && shown.length < enterable.length && (
        <p className="notice row">
          <span>{t('ponds.onlyDue', { count: shown.length })}</span>
          <button type="button" className="button button--ghost" onClick={() => setOnly(null)}>
            {t('ponds.all', { count: enterable.length })}
          </button>
        </p>
      )}
      <div className="sampling-cards">
        {shown.map(({ pond, cycle }) => {
          const previous = previousSampling(samplings ?? [], cycle.cycle_id, date);
          return (
            <SamplingPondCard
              key={pond.pond_id}
              store={store}
              pond={pond}
              doc={daysOfCulture(cycle.start_date, today)}
              today={today}
              earliest={cycle.start_date}
              previous={previous}
              showMissing={showMissing}
            />
          );
        })}
      </div>
      {withoutCycle.length > 0 && !pondId && (
        <p className="muted">
          {t('ponds.withoutCycle', { names: withoutCycle.map((p) => p.name).join(', ') })}
        </p>
      )}
      <div className="sampling-save-bar">
        <button
          type="submit"
          className="button button--primary button--block sampling-save-bar__button"
          disabled={saving || shown.length === 0}
          aria-busy={saving}
        >
          {saving ? t('saving') : filled > 0 ? t('saveCount', { count: filled }) : t('save')}
        </button>
      </div>
    </EntryForm>
  );
}
