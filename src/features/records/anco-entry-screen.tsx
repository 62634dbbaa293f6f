import './register-locales.ts';
import { useSearch } from '@tanstack/react-router';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entryBackPath, entryPreset, originPath } from '#components/entry-preset.ts';
import { usePonds } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { afterNextPaint } from '#components/first-screen.ts';
import { Card, EmptyState, Loaded, Loading, PageHeader } from '#components/page';
import { useProgressiveCount } from '#components/progressive-count.ts';
import { useNavigateAfterPaint } from '#components/quick-open.ts';
import { useToast } from '#components/toast';
import { getDb } from '#local/db';
import { createRepository } from '#local/repository';
import { ANCO } from '#local/resources';
import type { Farm, Pond } from '#shared/contracts/farm';
import { ANCO_DEFAULT_TRAYS, ancoAdvice } from '#shared/domain/anco';
import { daysOfCulture } from '#shared/domain/figures';
import { RecordEntryForm, useRecordSave } from './record-entry-form.tsx';
import {
  AllTraysRow,
  FEEDINGS,
  FeedingPicker,
  isHhMm,
  RecordDateTime,
  TrayCount,
  TrayRow,
} from './record-fields.tsx';
import { AncoRecentList } from './record-lists.tsx';
import { activeCycleOf, entryPonds, useDraftState, useFarmCycles } from './records-data.ts';
import {
  type AncoEntryState,
  type AncoPond,
  allTrays,
  ancoPond,
  ancoRecords,
  ancoTouched,
  dayProblem,
  localTime,
  localToday,
  tapTray,
} from './records-model.ts';
import './records.css';
import { reachesServer } from '#components/sync-status.ts';

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

/** Clear of the sticky app bar and of the sticky save bar (the margins of entry-form.css). */
function inSight(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.top >= 96 && box.bottom <= (globalThis.innerHeight ?? 0) - 128;
}

const initial = (): AncoEntryState => ({ date: localToday(), feeding: 1, time: localTime(), ponds: {} });
const hasContent = (s: AncoEntryState) => Object.values(s.ponds).some(ancoTouched);

/** One pond's trays; memoized, so a tap on one pond redraws that pond only. */
const AncoPondCard = memo(function AncoPondCard({
  pond,
  value,
  doc,
  onChange,
  onAll,
}: {
  pond: Pond;
  value: AncoPond;
  doc?: number;
  onChange: (pondId: string, next: AncoPond) => void;
  /** "All trays the same" was tapped: the form moves on to the next pond. */
  onAll: (pondId: string, next: AncoPond) => void;
}) {
  const { t } = useTranslation('records');
  const pondId = pond.pond_id;
  const change = (next: AncoPond) => onChange(pondId, next);
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
      <TrayCount value={value} onChange={change} />
      <AllTraysRow
        pondName={pond.name}
        statuses={value.statuses}
        onTap={(s) => onAll(pondId, allTrays(value, s))}
      />
      {value.statuses.map((status, i) => (
        <TrayRow
          // biome-ignore lint/suspicious/noArrayIndexKey: trays are numbered by position
          key={i}
          index={i}
          status={status}
          onTap={(s) => change(tapTray(value, i, s))}
        />
      ))}
      <p className={`anco-advice anco-advice--${advice}`} role="status">
        {t(`anco.advice.${advice}`)}
      </p>
    </section>
  );
});

/**
 * The round's day, time and feeding; memoized (with the form's stable `setState`), so a tap
 * on a pond's trays does not redraw the date and time fields and the feeding choice.
 */
const AncoWhen = memo(function AncoWhen({
  date,
  time,
  feeding,
  today,
  dayIssue,
  setState,
}: {
  date: string;
  time: string;
  feeding: number;
  today: string;
  dayIssue: string | null;
  setState: (update: (s: AncoEntryState) => AncoEntryState) => void;
}) {
  const { t } = useTranslation('records');
  return (
    <Card>
      <RecordDateTime
        date={date}
        time={time}
        today={today}
        timeLabel={t('anco.checkedAt')}
        onChange={(next) => setState((s) => ({ ...s, ...next }))}
      />
      <FeedingPicker value={feeding} onChange={(n) => setState((s) => ({ ...s, feeding: n }))} />
      <p className="muted">{t('anco.hint')}</p>
      {dayIssue && (
        <p className="field__error" role="alert">
          {dayIssue}
        </p>
      )}
    </Card>
  );
});

function AncoEntry({ farm, ponds, search }: { farm: Farm; ponds: Pond[]; search: Record<string, unknown> }) {
  const { t } = useTranslation('records');
  const toast = useToast();
  const db = getDb();
  const farmId = farm.farm_id;
  const cycles = useFarmCycles(farmId);
  const { state, setState, ready, restored, reset } = useDraftState(farmId, DRAFT, initial, hasContent);
  const { saving, run } = useRecordSave();
  const [trays] = useState(() => rememberedTrays(farmId));
  const today = localToday();
  const enterable = useMemo(() => entryPonds(farm, ponds, cycles ?? [], 'cycle'), [farm, ponds, cycles]);
  // Opened from the Today list: that feeding, the ponds still to check, until "all ponds".
  const [preset] = useState(() => entryPreset(search));
  // After a save: the save's frame painted first (ADR 0080).
  const navigate = useNavigateAfterPaint();
  const [onlyPonds, setOnlyPonds] = useState(preset.ponds);
  const shown = onlyPonds ? enterable.filter((p) => onlyPonds.includes(p.pond_id)) : enterable;
  const drawn = useProgressiveCount(shown.length, ready && cycles !== undefined);
  const form = useRef<HTMLFormElement>(null);
  // A pond not tapped yet shows one empty value per tray count, the same object each draw.
  const blanks = useRef(new Map<string, AncoPond>()).current;
  const pondValue = (pondId: string): AncoPond => {
    const typed = state.ponds[pondId];
    if (typed) return typed;
    const count = trays[pondId] ?? ANCO_DEFAULT_TRAYS;
    const blank = blanks.get(pondId);
    if (blank?.trays === count) return blank;
    const fresh = ancoPond(state, pondId, count);
    blanks.set(pondId, fresh);
    return fresh;
  };
  const setPond = useCallback(
    (pondId: string, next: AncoPond) => setState((s) => ({ ...s, ponds: { ...s.ponds, [pondId]: next } })),
    [setState],
  );
  const moveOnRef = useRef<(pondId: string) => void>(() => undefined);
  const setAll = useCallback(
    (pondId: string, next: AncoPond) => {
      setPond(pondId, next);
      if (ancoTouched(next)) moveOnRef.current(pondId);
    },
    [setPond],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the draft is read
  useEffect(() => {
    if (ready && preset.feeding && !Object.values(state.ponds).some(ancoTouched))
      setState((s) => ({ ...s, date: localToday(), feeding: preset.feeding ?? s.feeding }));
  }, [ready]);
  if (!ready || !cycles) return <Loading />;

  /** After "all the same" on a pond, on to the next pond's first choice (the walk along the dike). */
  const moveOn = (pondId: string) => {
    const at = shown.findIndex((p) => p.pond_id === pondId);
    const next = form.current?.querySelectorAll<HTMLElement>('[data-testid="anco-all"]')[at + 1];
    const button = next?.querySelector<HTMLButtonElement>('button');
    if (button) {
      button.focus({ preventScroll: true });
      // The tap's own frame first (the choice marked), then the next pond into sight when
      // its choices are not, at once: a smooth scroll started in the tap repainted the page
      // frame after frame while the tap waited for its answer.
      if (next)
        void afterNextPaint().then(
          () => inSight(next) || next.closest('section')?.scrollIntoView?.({ block: 'start' }),
        );
    } else form.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  };
  moveOnRef.current = moveOn;

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
    await run(async () => {
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
      const message = t(reachesServer() ? 'anco.savedCount' : 'anco.savedCountOffline', {
        count: records.length,
      });
      // Opened from the Today list or the board: back to it for the next slot.
      if (preset.origin) navigate({ to: originPath(farmId, preset.origin) });
      return message;
    });
  };

  return (
    <RecordEntryForm
      formRef={form}
      restored={restored}
      onDiscard={() => reset(initial())}
      onSave={save}
      saving={saving}
      disabled={shown.length === 0}
      saveLabel={filled > 0 ? t('anco.saveCount', { count: filled }) : undefined}
      bar
    >
      <AncoWhen
        date={state.date}
        time={state.time}
        feeding={state.feeding}
        today={today}
        dayIssue={dayIssue}
        setState={setState}
      />
      {shown.length === 0 && <EmptyState title={t('common.noCycle')} />}
      {onlyPonds && shown.length < enterable.length && (
        <p className="notice row">
          <span>{t('anco.onlyPonds', { count: shown.length })}</span>
          <button type="button" className="button button--ghost" onClick={() => setOnlyPonds(null)}>
            {t('anco.allPonds', { count: enterable.length })}
          </button>
        </p>
      )}
      {shown.slice(0, drawn).map((pond) => {
        const cycle = activeCycleOf(cycles, pond.pond_id);
        return (
          <AncoPondCard
            key={pond.pond_id}
            pond={pond}
            value={pondValue(pond.pond_id)}
            doc={cycle ? daysOfCulture(cycle.start_date, state.date) : undefined}
            onChange={setPond}
            onAll={setAll}
          />
        );
      })}
    </RecordEntryForm>
  );
}

function AncoScreenBody({ farm }: { farm: Farm }) {
  const { t } = useTranslation('records');
  const ponds = usePonds(farm.farm_id);
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const back = entryBackPath(farm.farm_id, undefined, entryPreset(search).origin);
  return (
    <div className="narrow records-screen">
      <PageHeader title={t('anco.title')} subtitle={farm.name} backTo={back} />
      <Loaded read={ponds}>
        {(data) => (
          <>
            <AncoEntry key={farm.farm_id} farm={farm} ponds={data} search={search} />
            <Card title={t('anco.recent')}>
              <AncoRecentList farm={farm} limit={10} />
            </Card>
          </>
        )}
      </Loaded>
    </div>
  );
}

/** /farm/{farm_id}/feed-tray/add: feed-tray checks of several ponds in one round. */
export function AncoEntryScreen() {
  return <FarmGate>{(farm) => <AncoScreenBody farm={farm} />}</FarmGate>;
}
