import './register-locales.ts';
import { useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntryForm } from '#components/entry-form';
import { entryPreset, originPath } from '#components/entry-preset.ts';
import { usePonds } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { useFormat } from '#components/format';
import { useLocalFlag } from '#components/local-flags.ts';
import { typingLanguage } from '#components/number-field';
import { Card, EmptyState, Loading, PageHeader } from '#components/page';
import { pondAction } from '#components/pond-access.ts';
import { useNavigateAfterPaint } from '#components/quick-open.ts';
import { useSession } from '#components/session';
import { useToast } from '#components/toast';
import { translateMessage } from '#components/validation';
import { getDb } from '#local/db';
import { clearDraft, loadDraft, saveDraft } from '#local/drafts';
import { newId } from '#local/ids';
import type { Farm } from '#shared/contracts/farm';
import { ACTION } from '#shared/domain/permissions';
import { FEED_CATEGORY_ID } from '#shared/domain/warehouse';
import { FeedPond } from './feed-pond.tsx';
import { FeedTimes } from './feed-times.tsx';
import { Field, today } from './fields.tsx';
import { shownItems } from './stock-model.ts';
import {
  buildUses,
  fillRations,
  hasEntries,
  initialEntry,
  parseQty,
  rationInUnit,
  type UseEntryState,
  validTimes,
} from './use-entry-model.ts';
import { saveUses, useItems, useMovements, useRations } from './warehouse-data.ts';
import './warehouse.css';
import { reachesServer } from '#components/sync-status.ts';

type Mode = 'feed' | 'use';

/** The same messages on the same boxes (a save with nothing wrong redraws nothing for them). */
function sameErrors(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
const DRAFT: Record<Mode, string> = { feed: 'feed', use: 'probiotics' };

function useDraftedState(farmId: string, mode: Mode, presetTime: string | null) {
  const [state, setState] = useState<UseEntryState | null>(null);
  const [restored, setRestored] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    let live = true;
    void loadDraft<UseEntryState>(getDb(), farmId, DRAFT[mode])
      .catch(() => undefined)
      .then((draft) => {
        if (!live) return;
        const base = draft ?? initialEntry(today());
        // Opened for one feeding from the Today list: that time only, unless the draft
        // holds quantities for others (they stay in sight, nothing typed is hidden).
        const typedTimes = new Set(
          Object.entries(base.qty)
            .filter(([, v]) => v.trim() !== '')
            .map(([k]) => k.split('|')[1]),
        );
        const times = presetTime
          ? [...new Set([presetTime, ...base.times.filter((t) => typedTimes.has(t))])].sort()
          : base.times;
        setState({ ...base, times, day: presetTime && !hasEntries(base) ? today() : base.day });
        setRestored(Boolean(draft && hasEntries(draft)));
      });
    return () => {
      live = false;
    };
  }, [farmId, mode, presetTime]);
  const update = (next: UseEntryState) => {
    setState(next);
    clearTimeout(timer.current);
    // Drafts per farm (seed 000: switching farms clears them), written as he types.
    timer.current = setTimeout(() => {
      void (hasEntries(next)
        ? saveDraft(getDb(), farmId, DRAFT[mode], next)
        : clearDraft(getDb(), farmId, DRAFT[mode]));
    }, 300);
  };
  const clear = async () => {
    clearTimeout(timer.current);
    await clearDraft(getDb(), farmId, DRAFT[mode]);
  };
  return { state, update, restored, clear };
}

function UseEntry({ farm, mode }: { farm: Farm; mode: Mode }) {
  const { t } = useTranslation('warehouse');
  const preset = entryPreset(useSearch({ strict: false }) as Record<string, unknown>);
  // After a save: the save's frame painted first (ADR 0080).
  const navigate = useNavigateAfterPaint();
  const [onlyPonds, setOnlyPonds] = useState(preset.ponds);
  const f = useFormat();
  const showCost = useLocalFlag('cost');
  const toast = useToast();
  const session = useSession();
  const items = useItems(farm.farm_id);
  const movements = useMovements(farm.farm_id);
  const rations = useRations(farm.farm_id);
  const ponds = usePonds(farm.farm_id);
  const { state, update, restored, clear } = useDraftedState(farm.farm_id, mode, preset.time);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [filledCount, setFilledCount] = useState<number | null>(null);
  const back = preset.origin
    ? originPath(farm.farm_id, preset.origin)
    : `/farm/${encodeURIComponent(farm.farm_id)}/warehouse`;
  const title = mode === 'feed' ? t('entry.feedTitle') : t('entry.useTitle');

  const choices = useMemo(
    () =>
      (items ?? []).filter((i) =>
        mode === 'feed' ? i.category_id === FEED_CATEGORY_ID : i.category_id !== FEED_CATEGORY_ID,
      ),
    [items, mode],
  );
  const usable = useMemo(
    () => (ponds.data ?? []).filter((p) => pondAction(farm, p, 'warehouse') >= ACTION.add),
    [ponds.data, farm],
  );
  const item =
    choices.find((i) => i.warehouse_id === state?.itemId) ?? (choices.length === 1 ? choices[0] : undefined);
  // The item's stock from its movements: once per item or movement change, not per keystroke.
  const stock = useMemo(
    () =>
      item && movements
        ? shownItems(
            [item],
            movements.filter((m) => m.warehouse_id === item.warehouse_id),
          )[0]
        : null,
    [item, movements],
  );
  // The boxes' handlers stay the same function while typing, so a pond not typed in is
  // not drawn again (FeedPond); they read the entry as it is now.
  const latest = useRef<{ entry: UseEntryState | null; update: typeof update }>({ entry: null, update });
  const onQty = useCallback((key: string, value: string) => {
    const { entry, update: write } = latest.current;
    if (entry) write({ ...entry, qty: { ...entry.qty, [key]: value } });
  }, []);
  const onCheck = useCallback(
    (key: string, value: string) => {
      const parsed = parseQty(value);
      const error = parsed && 'error' in parsed ? translateMessage(t, parsed.error) : undefined;
      // The same errors, the same object: leaving a box redraws nothing.
      setErrors((prev) => {
        if (prev[key] === error) return prev;
        const next = { ...prev };
        if (error === undefined) delete next[key];
        else next[key] = error;
        return next;
      });
    },
    [t],
  );
  const loaded = Boolean(state && items && movements && ponds.data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form is up
  useEffect(() => {
    // Opened for a feeding of the Today list: straight into the first box (the keyboard opens).
    if (loaded && preset.ponds)
      globalThis.document
        ?.querySelector<HTMLInputElement>('[data-testid="use-entry"] [data-enter-id]')
        ?.focus();
  }, [loaded]);
  if (!state || !items || !movements || !ponds.data) return <Loading />;
  const current = item ? { ...state, itemId: item.warehouse_id } : state;
  latest.current = { entry: current, update };
  const preview = buildUses(
    current,
    usable.map((p) => p.pond_id),
    {
      farmId: farm.farm_id,
      price: item?.price ?? 0,
      cycleOf: () => null,
      newId: () => '',
      now: '',
      userId: null,
      today: today(),
    },
  );
  const ration = new Map((rations ?? []).map((r) => [r.pond_id, r]));
  // Opened from the Today list: the ponds still to do, until "all ponds".
  const shown = onlyPonds ? usable.filter((p) => onlyPonds.includes(p.pond_id)) : usable;
  const shownIds = shown.map((p) => p.pond_id);
  const perFeeding = new Map(shownIds.map((id) => [id, ration.get(id)?.per_feeding_kg ?? null]));
  // "Fill as recommended" where some pond to do has a ration in this item's unit.
  const canFill =
    item !== undefined && shownIds.some((id) => rationInUnit(perFeeding.get(id) ?? null, item.unit) !== null);

  const submit = async () => {
    setFormError(null);
    if (!item) {
      setErrors({ item: t('entry.chooseItem') });
      return;
    }
    if (!validTimes(current.times)) {
      setFormError(t('entry.invalidTime'));
      return;
    }
    const now = new Date().toISOString();
    const built = buildUses(
      current,
      usable.map((p) => p.pond_id),
      {
        farmId: farm.farm_id,
        price: item.price,
        cycleOf: () => null,
        newId,
        now,
        userId: session?.user?.id ?? null,
        today: today(),
      },
    );
    const cellErrors = Object.fromEntries(
      Object.entries(built.errors).map(([k, e]) => [k, translateMessage(t, e)]),
    );
    setErrors((prev) => (sameErrors(prev, cellErrors) ? prev : cellErrors));
    if (Object.keys(cellErrors).length > 0) return;
    if (built.records.length === 0) {
      setFormError(t('entry.nothing'));
      return;
    }
    await saveUses(built.records);
    await clear();
    update({ ...current, qty: {} });
    toast.success(
      t(reachesServer() ? 'entry.savedCount' : 'entry.savedCountOffline', { count: built.records.length }),
    );
    // Opened from the Today list or the board: back to it for the next slot.
    if (preset.origin) navigate({ to: back });
  };

  return (
    <div className="narrow">
      <PageHeader title={title} subtitle={farm.name} backTo={back} />
      {restored && <p className="notice">{t('entry.restored')}</p>}
      {choices.length === 0 ? (
        <EmptyState title={t('entry.noItems')} />
      ) : usable.length === 0 ? (
        <EmptyState title={t('entry.noPonds')} />
      ) : (
        <EntryForm
          onSubmit={(ev) => {
            ev.preventDefault();
            void submit();
          }}
          className="wh-form"
          data-testid="use-entry"
        >
          <Card>
            <div className="field">
              <label className="field__label" htmlFor="use-item">
                {t('entry.item')}
              </label>
              <select
                id="use-item"
                className="field__input"
                value={item?.warehouse_id ?? ''}
                onChange={(e) => update({ ...current, itemId: e.target.value })}
                aria-invalid={errors.item ? true : undefined}
              >
                <option value="">{t('entry.chooseItem')}</option>
                {choices.map((i) => (
                  <option key={i.warehouse_id} value={i.warehouse_id}>
                    {i.product_name} ({f.number(i.qty, 3)} {i.unit})
                  </option>
                ))}
              </select>
              {errors.item && <p className="field__error">{errors.item}</p>}
            </div>
            <Field
              label={t('entry.day')}
              type="date"
              value={current.day}
              onChange={(e) => update({ ...current, day: e.target.value })}
              error={errors.day}
            />
            <FeedTimes times={current.times} onChange={(times) => update({ ...current, times })} />
          </Card>
          {onlyPonds && shown.length < usable.length && (
            <p className="notice row">
              <span>{t('entry.onlyPonds', { count: shown.length })}</span>
              <button type="button" className="button button--ghost" onClick={() => setOnlyPonds(null)}>
                {t('entry.allPonds', { count: usable.length })}
              </button>
            </p>
          )}
          {mode === 'feed' && item && canFill && (
            <p className="notice row" data-testid="fill-rations">
              <span>
                {filledCount === null ? t('entry.fillHint') : t('entry.filled', { count: filledCount })}
              </span>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  const out = fillRations(current, shownIds, perFeeding, item.unit, typingLanguage());
                  update(out.state);
                  setFilledCount(out.filled);
                }}
              >
                {t('entry.fillRations')}
              </button>
            </p>
          )}
          {shown.map((pond, i) => (
            <FeedPond
              key={pond.pond_id}
              pond={pond}
              mode={mode}
              ration={ration.get(pond.pond_id)}
              times={current.times}
              qty={current.qty}
              errors={errors}
              unit={item?.unit}
              below={shown[i + 1]?.pond_id}
              first={shown[0]?.pond_id}
              onQty={onQty}
              onCheck={onCheck}
            />
          ))}
          <Card>
            {item && (
              <>
                <p className="feed-total" data-testid="entry-total">
                  {t('entry.total', { value: f.number(preview.totalMilli / 1000, 3), unit: item.unit })}
                  {/* Money on the entry screen follows the device's "cost" setting. */}
                  {showCost && ` · ${f.money(Math.round((preview.totalMilli * item.price) / 1000))}`}
                </p>
                {stock && (
                  <p className={stock.qtyMilli - preview.totalMilli < 0 ? 'feed-warning' : 'muted'}>
                    {t('entry.stockAfter', {
                      value: f.number((stock.qtyMilli - preview.totalMilli) / 1000, 3),
                      unit: item.unit,
                    })}
                    {stock.qtyMilli - preview.totalMilli < 0 && ` ${t('entry.stockNegative')}`}
                  </p>
                )}
              </>
            )}
            {formError && (
              <p className="form-alert" role="alert">
                {formError}
              </p>
            )}
            <button type="submit" className="button button--primary button--block">
              {t('entry.save')}
            </button>
          </Card>
        </EntryForm>
      )}
    </div>
  );
}

/** /farm/{farm_id}/feed/add: feed for several ponds and times in one entry, offline. */
export function FeedEntryScreen() {
  return <FarmGate>{(farm) => <UseEntry key={`${farm.farm_id}:feed`} farm={farm} mode="feed" />}</FarmGate>;
}

/** /farm/{farm_id}/use-item/add: probiotics, lime and other items used in ponds. */
export function UseItemEntryScreen() {
  return <FarmGate>{(farm) => <UseEntry key={`${farm.farm_id}:use`} farm={farm} mode="use" />}</FarmGate>;
}
