import './register-locales.ts';
import { DateTime } from 'luxon';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#components/confirm-dialog';
import { useFormat } from '#components/format';
import { EmptyState } from '#components/page';
import { RecordStatus } from '#components/record-status';
import { ShowMore, useFirst } from '#components/show-more';
import { useToast } from '#components/toast';
import { useLiveMirror } from '#components/use-live-mirror.ts';
import { useServerDay } from '#components/use-server-day';
import { api } from '#local/api-client';
import { keepServerRow } from '#local/day-coverage';
import { getDb, type ServerRecord, type TambakDb } from '#local/db';
import { createRepository } from '#local/repository';
import { RECENT_READING_DAYS } from '#local/resources';
import { visible } from '#local/visible';
import type { Pond } from '#shared/contracts/farm';
import type { WaterReading } from '#shared/contracts/water';
import { WATER_KINDS, type WaterKind } from '#shared/domain/water-fields';
import { optionLabelKey } from '#shared/domain/water-options';
import type { WaterStandard } from '#shared/domain/water-standards';
import { ReadingConflicts } from './reading-conflicts.tsx';
import { ReadingEditDialog } from './reading-edit-dialog.tsx';
import { useUnit } from './reading-fields.tsx';
import {
  groupReadings,
  hasMeasured,
  type ReadingItem,
  type ShownValue,
  shownValues,
  wallTime,
} from './reading-groups.ts';
import { WATER_RESOURCES, WATER_TABLES } from './save-readings.ts';
import { useWaterStandards } from './water-data.ts';
import { fieldSpec } from './water-fields.ts';
import './water.css';

/** Days of readings the pond's list shows before "show more" (three slots a day fill a phone's screen). */
const FIRST_DAYS = 3;

interface RecentReadingsProps {
  farmId: string;
  pond: Pond;
  /**
   * Whether edit and delete are offered for one reading at `now`: `edit` with level 2 on
   * the pond for water quality (seed 000 §6), `own` for the person's own entry under 24
   * hours old (own_records, issue 12 point 5; pond-access.ts recordRight), else null.
   */
  rightOn: (row: ReadingItem['row'], now: number) => 'edit' | 'own' | null;
  /** Only this farm day (YYYY-MM-DD): the pond's "Daily data" section; nothing shown when empty. */
  day?: string;
  db?: TambakDb;
}

/** The clock, re-read every minute: own entries lose their controls when their 24 hours end. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

type ServerReading = WaterReading & { _kind: WaterKind };
const SERVER_DAY_RESOURCES = WATER_KINDS.map((kind) => WATER_RESOURCES[kind]);

/** The pond's readings of one day on the server, of the three kinds. */
async function pondDayFromServer(farmId: string, pondId: string, day: string): Promise<ServerReading[]> {
  const lists = await Promise.all(
    WATER_KINDS.map(async (kind) =>
      (
        await api.get<WaterReading[]>(`/water/${kind}`, {
          farm_id: farmId,
          pond_id: pondId,
          from: day,
          to: day,
        })
      ).map((row) => ({ ...row, _kind: kind })),
    ),
  );
  return lists.flat();
}

/** A pond's readings of the last 30 days from the mirror, by day and slot, each with its sync state. */
export function RecentReadings({ farmId, pond, rightOn, day: onlyDay, db = getDb() }: RecentReadingsProps) {
  const { t } = useTranslation('water');
  const now = useMinuteClock();
  const format = useFormat();
  const { standards } = useWaterStandards(farmId, db);
  const [editing, setEditing] = useState<{ item: ReadingItem; own: boolean } | null>(null);
  const items = useLiveMirror(
    `pond-readings:${pond.pond_id}`,
    async (db) => {
      const lists = await Promise.all(
        WATER_KINDS.map(async (kind) => {
          const rows = await db.mirror(WATER_TABLES[kind]).where('pond_id').equals(pond.pond_id).toArray();
          return visible(rows).map((row) => ({ kind, row: row as unknown as ReadingItem['row'] }));
        }),
      );
      return lists.flat();
    },
    db,
  ).data;
  // An older day than the device keeps: the server's readings of the day too (taken into the mirror when changed).
  const localIds = useMemo(() => items?.map((item) => item.row.id), [items]);
  const server = useServerDay<ServerReading>({
    key: `pond-readings:${pond.pond_id}`,
    farmId,
    day: onlyDay,
    resources: SERVER_DAY_RESOURCES,
    fetch: (d) => pondDayFromServer(farmId, pond.pond_id, d),
    localIds,
    db,
  });
  const all = useMemo(
    () =>
      items && [
        ...items,
        ...server.extra.map(({ _kind, ...row }) => ({
          kind: _kind,
          row: row as unknown as ReadingItem['row'],
        })),
      ],
    [items, server.extra],
  );
  const fromDay = DateTime.local().minus({ days: RECENT_READING_DAYS }).toISODate() ?? '';
  const grouped = all ? groupReadings(all, onlyDay ?? fromDay) : [];
  const days = onlyDay ? grouped.filter((d) => d.day === onlyDay) : grouped;
  // The last 30 days, newest first: the first few days show, the rest on a tap.
  const { shown, hidden, showAll } = useFirst(days, onlyDay ? Number.POSITIVE_INFINITY : FIRST_DAYS);
  if (!all) return null;
  if (days.length === 0) return onlyDay ? null : <EmptyState title={t('readings.empty')} />;
  return (
    <div className="readings">
      {shown.map(({ day, slots }) => (
        <section key={day} className="readings__day" aria-label={format.date(day)}>
          <h3 className="readings__day-title">{format.date(day)}</h3>
          {slots.map(({ slot, items: slotItems }) => (
            <div key={slot} className="readings__slot">
              <h4 className="readings__slot-title">{t(`timeOfDay.${slot}`)}</h4>
              <ul className="data-list">
                {slotItems.map((item) => (
                  <ReadingRow
                    key={item.row.id}
                    item={item}
                    standards={standards}
                    canEdit={rightOn(item.row, now) !== null}
                    db={db}
                    onEdit={async () => {
                      await keepServerRow(db, WATER_RESOURCES[item.kind], item.row);
                      setEditing({ item, own: rightOn(item.row, Date.now()) === 'own' });
                    }}
                  />
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
      <ShowMore hidden={hidden} onClick={showAll} />
      {editing && (
        <ReadingEditDialog
          item={editing.item}
          own={editing.own}
          pondName={pond.name}
          standards={standards}
          db={db}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

interface RowProps {
  item: ReadingItem;
  standards: readonly WaterStandard[];
  canEdit: boolean;
  db: TambakDb;
  onEdit: () => Promise<void>;
}

function ReadingRow({ item, standards, canEdit, db, onEdit }: RowProps) {
  const { t } = useTranslation(['water', 'ui']);
  const confirm = useConfirm();
  const toast = useToast();
  const values = shownValues(item, standards);
  const time = wallTime(item.row.measured_at);
  const kindLabel = t(`kinds.${item.kind}`);
  const remove = async () => {
    if (!(await confirm({ message: t('readings.deleteConfirm', { kind: kindLabel, time }) }))) return;
    await keepServerRow(db, WATER_RESOURCES[item.kind], item.row);
    await createRepository<ServerRecord>(WATER_RESOURCES[item.kind], db).remove(item.row.id);
    toast.success(t('readings.deleted'));
  };
  return (
    <li className="reading-row">
      <div className="data-list__main">
        <span className="reading-row__head">
          <span className="reading-row__time">{time}</span>
          <span className="badge">{kindLabel}</span>
          <RecordStatus row={item.row} />
        </span>
        {!hasMeasured(values) ? (
          <span className="data-list__meta">{t('readings.nothingMeasured')}</span>
        ) : (
          <ul className="reading-values">
            {values.map((value) => (
              <ValueChip key={value.field} kind={item.kind} value={value} />
            ))}
          </ul>
        )}
        <ReadingConflicts item={item} db={db} />
      </div>
      {canEdit && (
        <span className="reading-row__actions">
          <button type="button" className="button button--ghost button--small" onClick={() => void onEdit()}>
            {t('ui:actions.edit')}
          </button>
          <button
            type="button"
            className="button button--ghost-danger button--small"
            onClick={() => void remove()}
          >
            {t('ui:actions.delete')}
          </button>
        </span>
      )}
    </li>
  );
}

export function ValueChip({ kind, value }: { kind: ReadingItem['kind']; value: ShownValue }) {
  const { t } = useTranslation('water');
  const format = useFormat();
  const unitOf = useUnit();
  let text: string;
  if (value.value === null) text = '–';
  else if (value.option) {
    const key = optionLabelKey(value.field, value.value);
    text = key ? t(key) : '–';
  } else {
    const unit = unitOf(fieldSpec(kind, value.field).unit);
    text = `${format.number(value.value)}${unit ? ` ${unit}` : ''}`;
  }
  return (
    <li className={value.out ? 'reading-value reading-value--out' : 'reading-value'}>
      <span className="reading-value__label">{t(`fields.${value.field}`)}</span> {text}
      {value.out && <span className="visually-hidden"> ({t('readings.outMark')})</span>}
      {value.out && (
        <span className="reading-value__mark" aria-hidden="true">
          !
        </span>
      )}
    </li>
  );
}
