import './register-locales.ts';
import { Link } from '@tanstack/react-router';
import { DateTime } from 'luxon';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FROM_TODAY } from '#components/entry-preset.ts';
import { can } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { useFormat } from '#components/format';
import { CheckIcon } from '#components/icons';
import { Card, EmptyState, Loading, PageHeader } from '#components/page';
import { usePreloadScreens } from '#components/preload-screens.ts';
import { QuickLink } from '#components/quick-link';
import type { Farm } from '#shared/contracts/farm';
import { ACTION, type Feature } from '#shared/domain/permissions';
import { SameSlotNotice } from './same-slot-notice.tsx';
import { useToday } from './today-data.ts';
import { SLOT_PATH, slotHref, type TodaySlot, todaySlots } from './today-model.ts';
import './today.css';

function readClock() {
  const at = DateTime.local();
  return { date: at.toISODate() ?? '', now: at.toFormat('HH:mm') };
}

/** The phone's day and minute, moving on by itself (a slot turns late while the list is open). */
function useClock(): { date: string; now: string } {
  const [clock, setClock] = useState(readClock);
  useEffect(() => {
    const timer = setInterval(() => {
      const next = readClock();
      setClock((c) => (c.date === next.date && c.now === next.now ? c : next));
    }, 30_000);
    return () => clearInterval(timer);
  }, []);
  return clock;
}

function SlotRow({ farmId, slot }: { farmId: string; slot: TodaySlot }) {
  const { t } = useTranslation('today');
  const kind = t(`kind.${slot.kind}`);
  const name = slot.time ? t('slot', { kind, time: slot.time }) : kind;
  const arriving = slot.state === 'arriving';
  // A new phone offline before its first sync: nothing is coming until it has signal.
  const offline = arriving && globalThis.navigator?.onLine === false;
  const progress = offline
    ? t('progressNotPulled')
    : arriving
      ? t('progressArriving')
      : t('progress', { done: slot.done.length, total: slot.total });
  const state = t(offline ? 'state.notPulled' : `state.${slot.state}`);
  return (
    <li>
      <QuickLink
        to={slotHref(farmId, slot)}
        className={`today-slot today-slot--${slot.state}`}
        aria-label={t('slotLabel', { name, progress, state })}
        data-testid="today-slot"
        data-slot={slot.key}
        data-state={slot.state}
      >
        <span className="today-slot__mark" aria-hidden="true">
          {slot.state === 'done' ? <CheckIcon /> : null}
        </span>
        <span className="today-slot__name">{name}</span>
        <span className="today-slot__progress">{progress}</span>
        <span className={`badge today-slot__state today-slot__state--${slot.state}`}>{state}</span>
      </QuickLink>
    </li>
  );
}

/** Every entry screen of seed 000, one tap from Today, for what the member may add. */
const ENTRIES: { key: string; path: string; feature: Feature }[] = [
  { key: 'water', path: 'water-quality/add', feature: 'water_quality' },
  { key: 'feed', path: 'feed/add', feature: 'warehouse' },
  { key: 'anco', path: 'feed-tray/add', feature: 'cycle' },
  { key: 'sampling', path: 'sampling/add', feature: 'sampling' },
  { key: 'waterChange', path: 'water-change', feature: 'cycle' },
  { key: 'useItem', path: 'use-item/add', feature: 'warehouse' },
  { key: 'death', path: 'death/add', feature: 'death' },
  { key: 'disease', path: 'disease-alert', feature: 'disease' },
  { key: 'note', path: 'notes', feature: 'cycle' },
  { key: 'harvest', path: 'harvest/add', feature: 'harverst' },
  { key: 'stock', path: 'stock/add', feature: 'stock' },
];

function OtherEntries({ farm }: { farm: Farm }) {
  const { t } = useTranslation('today');
  const base = `/farm/${encodeURIComponent(farm.farm_id)}`;
  const shown = ENTRIES.filter((e) => can(farm, e.feature, ACTION.add));
  if (shown.length === 0) return null;
  return (
    <Card title={t('other')}>
      <ul className="today-entries">
        {shown.map((e) => (
          <li key={e.key}>
            <QuickLink
              to={`${base}/${e.path}`}
              search={FROM_TODAY}
              className="button button--secondary button--block"
            >
              {t(`entry.${e.key}`)}
            </QuickLink>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Today({ farm }: { farm: Farm }) {
  const { t } = useTranslation('today');
  const f = useFormat();
  const { date, now } = useClock();
  const data = useToday(farm, date, now);
  const slots = useMemo(() => (data ? todaySlots(data.input).filter((s) => s.total > 0) : []), [data]);
  // The screens a tap here opens, loaded while he looks at the list: the slots' first.
  const screens = useMemo(
    () =>
      data
        ? [
            ...new Set([
              ...slots.map((s) => SLOT_PATH[s.kind]),
              ...ENTRIES.filter((e) => can(farm, e.feature, ACTION.add)).map((e) => e.path),
            ]),
          ]
        : [],
    [data, slots, farm],
  );
  usePreloadScreens(screens.map((path) => `/farm/$farm_id/${path}`));
  const farmPage = `/farm/${encodeURIComponent(farm.farm_id)}?home=farm`;
  const header = (
    <PageHeader
      title={t('title')}
      subtitle={`${f.date(date)} · ${farm.name}`}
      actions={
        <Link to={farmPage} className="button button--ghost">
          {t('farmPage')}
        </Link>
      }
    />
  );
  if (!data)
    return (
      <div className="narrow">
        {header}
        <Loading />
      </div>
    );
  const done = slots.filter((s) => s.state === 'done').length;
  return (
    <div className="narrow stack today">
      {header}
      <SameSlotNotice farm={farm} />
      {data.enterable === 0 ? (
        <EmptyState title={t('noAccess.title')}>
          <p>{t('noAccess.body')}</p>
        </EmptyState>
      ) : slots.length === 0 ? (
        <p className="notice">{t('noCycle')}</p>
      ) : (
        <section aria-labelledby="today-list">
          <h2 id="today-list" className="today__summary" aria-live="polite">
            {done === slots.length ? t('allDone') : t('summary', { done, total: slots.length })}
          </h2>
          <ul className="today-slots">
            {slots.map((s) => (
              <SlotRow key={s.key} farmId={farm.farm_id} slot={s} />
            ))}
          </ul>
        </section>
      )}
      {data.enterable > 0 && <OtherEntries farm={farm} />}
    </div>
  );
}

/** /farm/{farm_id}/today: the keeper's day, from the device's mirror (works offline). */
export function TodayScreen() {
  return <FarmGate>{(farm) => <Today farm={farm} />}</FarmGate>;
}
