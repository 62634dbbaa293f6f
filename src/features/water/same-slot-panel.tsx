import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '#components/format';
import { pondAction, recordRight } from '#components/pond-access.ts';
import { useSession } from '#components/session';
import { useToast } from '#components/toast';
import { getDb, type TambakDb } from '#local/db';
import type { Farm, Pond } from '#shared/contracts/farm';
import { ACTION } from '#shared/domain/permissions';
import type { TimeOfDay } from '#shared/domain/time-of-day';
import type { ReadingItem } from './reading-groups.ts';
import { hasMeasured, shownValues, wallTime } from './reading-groups.ts';
import { ValueChip } from './recent-readings.tsx';
import { keepAll, keepOne, type SameSlotDouble, useSameSlotDoubles } from './same-slot-data.ts';
import { SameSlotMerge } from './same-slot-merge.tsx';
import { mergeTarget } from './same-slot-model.ts';
import { useWaterStandards } from './water-data.ts';

interface PanelProps {
  farm: Farm;
  /** The ponds shown: doubles of other ponds are left out (the pond page passes its one pond). */
  ponds: readonly Pond[];
  /** Opened for one pond (the board's link): its doubles first. */
  pondId?: string;
  db?: TambakDb;
}

/**
 * "Recorded twice" (issue 29 point 6, ADR 0063): the farm's slots that hold two readings
 * of one kind, from the phone's mirror, each with its choices: keep both, keep one, or
 * merge per parameter. Renders nothing while there is none.
 */
export function SameSlotPanel({ farm, ponds, pondId, db = getDb() }: PanelProps) {
  const { t } = useTranslation('water');
  const doubles = useSameSlotDoubles(farm.farm_id, db);
  const shown = (doubles ?? []).filter((d) => ponds.some((p) => p.pond_id === d.pond_id));
  if (shown.length === 0) return null;
  const ordered = pondId
    ? [...shown.filter((d) => d.pond_id === pondId), ...shown.filter((d) => d.pond_id !== pondId)]
    : shown;
  return (
    <section className="same-slot" aria-labelledby="same-slot-title">
      <h2 id="same-slot-title" className="same-slot__title">
        {t('sameSlot.title')}
      </h2>
      <p className="same-slot__intro">{t('sameSlot.intro')}</p>
      {ordered.map((double) => {
        const pond = ponds.find((p) => p.pond_id === double.pond_id);
        return pond ? (
          <DoubleCard
            key={`${double.kind}:${double.pond_id}:${double.day}:${double.slot}`}
            farm={farm}
            pond={pond}
            double={double}
            db={db}
          />
        ) : null;
      })}
    </section>
  );
}

interface CardProps {
  farm: Farm;
  pond: Pond;
  double: SameSlotDouble;
  db: TambakDb;
}

function DoubleCard({ farm, pond, double, db }: CardProps) {
  const { t } = useTranslation('water');
  const format = useFormat();
  const toast = useToast();
  const userId = useSession()?.user?.id;
  const { standards } = useWaterStandards(farm.farm_id, db);
  const [merging, setMerging] = useState(false);
  const mayChange = (row: ReadingItem['row']) =>
    recordRight(farm, pond, 'water_quality', row, userId) !== null;
  const mayKeepBoth = pondAction(farm, pond, 'water_quality') >= ACTION.add;
  const target = mergeTarget(double.readings, mayChange);
  const whoOf = (row: ReadingItem['row']) =>
    row.created_by === userId || !row.created_by ? t('sameSlot.me') : t('sameSlot.other');
  const run = async (work: () => Promise<void>, done: string) => {
    try {
      await work();
      toast.success(done);
    } catch (error) {
      toast.error(error);
    }
  };
  const heading = t('sameSlot.heading', {
    pond: pond.name,
    kind: t(`kinds.${double.kind}`),
    slot: t(`timeOfDay.${double.slot as TimeOfDay}`),
    date: format.date(double.day),
  });
  return (
    <article className="same-slot__card card" aria-label={heading}>
      <h3 className="same-slot__heading">{heading}</h3>
      <ul className="same-slot__readings">
        {double.readings.map((row) => {
          const item = { kind: double.kind, row };
          const values = shownValues(item, standards);
          const others = double.readings.filter((o) => o.id !== row.id);
          const who = whoOf(row);
          return (
            <li key={row.id} className="same-slot__reading">
              <span className="same-slot__who">
                {t('sameSlot.reading', { time: wallTime(row.measured_at), who })}
              </span>
              {hasMeasured(values) ? (
                <ul className="reading-values">
                  {values.map((value) => (
                    <ValueChip key={value.field} kind={double.kind} value={value} />
                  ))}
                </ul>
              ) : (
                <span className="data-list__meta">{t('readings.nothingMeasured')}</span>
              )}
              {others.every(mayChange) && (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => void run(() => keepOne(db, double, row.id), t('sameSlot.resolved'))}
                >
                  {t('sameSlot.keepThis')}
                  <span className="visually-hidden">
                    {' '}
                    {t('sameSlot.reading', { time: wallTime(row.measured_at), who })}
                  </span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <div className="same-slot__actions">
        {mayKeepBoth && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void run(() => keepAll(db, farm.farm_id, double), t('sameSlot.kept'))}
          >
            {double.readings.length > 2
              ? t('sameSlot.keepAll', { count: double.readings.length })
              : t('sameSlot.keepBoth')}
          </button>
        )}
        {target && (
          <button type="button" className="button button--primary" onClick={() => setMerging(true)}>
            {t('sameSlot.merge')}
          </button>
        )}
      </div>
      {!target && <p className="muted same-slot__note">{t('sameSlot.noRight')}</p>}
      {merging && target && (
        <SameSlotMerge
          double={double}
          targetId={target}
          whoOf={whoOf}
          title={heading}
          onClose={() => setMerging(false)}
          onSave={(changes) =>
            run(() => keepOne(db, double, target, changes), t('sameSlot.resolved')).then(() =>
              setMerging(false),
            )
          }
        />
      )}
    </article>
  );
}
