import './register-locales.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can, useBlocks, usePonds } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import { useFormat } from '#components/format';
import { EmptyState, Loading, PageHeader } from '#components/page';
import { pondAction } from '#components/pond-access.ts';
import { loadPresetTimes } from '#components/preset-times.ts';
import { WhenInput } from '#components/when-input';
import type { Farm } from '#shared/contracts/farm';
import { ACTION } from '#shared/domain/permissions';
import { WATER_KINDS, type WaterKind } from '#shared/domain/water-fields';
import { optionLabelKey } from '#shared/domain/water-options';
import { type CsvLabels, reviewCsv } from './review-csv.ts';
import { deviceToday, useDayReadings, useMemberNames, useStandards } from './review-data.ts';
import {
  buildReview,
  DIKE_SORT,
  filterByBlock,
  nextSort,
  type SortState,
  slotsOfTimes,
  sortRows,
  summarize,
} from './review-model.ts';
import { ReviewTable } from './review-table.tsx';

/** Saves text as a file through a Blob link (works offline: nothing leaves the phone). */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function useCsvLabels(): CsvLabels {
  const { t } = useTranslation('review');
  return useMemo(() => {
    const slotName = (slot: string) => t(`timeOfDay.${slot}`);
    return {
      block: t('block'),
      pond: t('pond'),
      column: (c) => {
        const unit = c.unit ? t(`units.${c.unit}`, { defaultValue: c.unit }) : '';
        const parameter = t(`fields.${c.parameter}`);
        return unit
          ? t('csv.columnUnit', { slot: slotName(c.slot), parameter, unit })
          : t('csv.column', { slot: slotName(c.slot), parameter });
      },
      flagColumn: (c) => t('csv.flag', { slot: slotName(c.slot), parameter: t(`fields.${c.parameter}`) }),
      enteredBy: (slot) => t('csv.enteredBy', { slot: slotName(slot) }),
      time: (slot) => t('csv.time', { slot: slotName(slot) }),
      status: (slot) => t('csv.status', { slot: slotName(slot) }),
      notMeasured: t('notMeasured'),
      low: t('low'),
      high: t('high'),
      statusText: (status) => t(`status.${status}`),
      option: (parameter, value) => {
        const key = optionLabelKey(parameter, value);
        return key ? t(key) : String(value);
      },
    };
  }, [t]);
}

function ReviewBody({ farm }: { farm: Farm }) {
  const { t } = useTranslation('review');
  const format = useFormat();
  const [day, setDay] = useState(deviceToday);
  const [blockId, setBlockId] = useState('');
  const [kind, setKind] = useState<WaterKind>('general');
  const [sort, setSort] = useState<SortState>(DIKE_SORT);
  const ponds = usePonds(farm.farm_id);
  const blocks = useBlocks(farm.farm_id);
  const readings = useDayReadings(farm.farm_id, kind, day);
  const standards = useStandards(farm.farm_id);
  const names = useMemberNames(farm);
  const csvLabels = useCsvLabels();
  const [slotsOfDevice] = useState(() => slotsOfTimes(loadPresetTimes()));

  const visiblePonds = useMemo(
    () => (ponds.data ?? []).filter((pond) => pondAction(farm, pond, 'water_quality') >= ACTION.view),
    [ponds.data, farm],
  );
  const model = useMemo(
    () =>
      buildReview({
        kind,
        day,
        ponds: visiblePonds,
        readings: readings?.readings ?? [],
        standards,
        slots: slotsOfDevice,
        names,
      }),
    [kind, day, visiblePonds, readings?.readings, standards, slotsOfDevice, names],
  );
  const rows = useMemo(
    () => sortRows(filterByBlock(model.rows, blockId || null), sort),
    [model, blockId, sort],
  );
  const summary = summarize(rows, model.slots);
  const kindName = t(`kinds.${kind}`);
  const dateText = format.date(day);

  const exportCsv = () => {
    download(t('csvFile', { date: day, kind }), reviewCsv(model.slots, model.columns, rows, csvLabels));
  };

  const header = (
    <PageHeader
      title={t('title')}
      subtitle={t('subtitle', { farm: farm.name, date: dateText })}
      backTo={`/farm/${encodeURIComponent(farm.farm_id)}`}
    />
  );
  if (!ponds.data || !readings)
    return (
      <div className="stack">
        {header}
        <Loading />
      </div>
    );
  return (
    <div className="stack review">
      {header}
      <fieldset className="review__filters card">
        <legend className="visually-hidden">{t('filters.label')}</legend>
        <div className="field">
          <label className="field__label" htmlFor="review-date">
            {t('filters.date')}
          </label>
          <WhenInput
            id="review-date"
            type="date"
            className="field__input"
            value={day}
            max={deviceToday()}
            onChange={(event) => event.target.value && setDay(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="review-block">
            {t('filters.block')}
          </label>
          <select
            id="review-block"
            className="field__input"
            value={blockId}
            onChange={(event) => setBlockId(event.target.value)}
          >
            <option value="">{t('filters.allBlocks')}</option>
            {(blocks.data ?? []).map((block) => (
              <option key={block.block_id} value={block.block_id}>
                {block.block_name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="review-kind">
            {t('filters.kind')}
          </label>
          <select
            id="review-kind"
            className="field__input"
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as WaterKind);
              setSort(DIKE_SORT);
            }}
          >
            {WATER_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button--secondary"
          onClick={exportCsv}
          disabled={rows.length === 0}
        >
          {t('exportCsv')}
        </button>
      </fieldset>
      {!can(farm, 'water_quality', ACTION.view) ? (
        <EmptyState title={t('noAccess')} />
      ) : visiblePonds.length === 0 ? (
        <EmptyState title={t('noPonds')} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('noPondsInBlock')} />
      ) : (
        <>
          <p className="review__summary" role="status" data-testid="review-summary">
            <span>
              {t('summaryEntered', {
                slots: summary.entered
                  .map(({ slot, count }) =>
                    t('summarySlot', { slot: t(`timeOfDay.${slot}`), done: count, count: summary.ponds }),
                  )
                  .join(' · '),
              })}
            </span>{' '}
            <strong className={summary.outOfStandard > 0 ? 'review__out-count' : undefined}>
              {summary.outOfStandard > 0 && '▲▼ '}
              {t('summaryOut', { count: summary.outOfStandard })}
            </strong>
          </p>
          {!readings.final && (
            <p className="muted" data-testid="review-not-final">
              {t(readings.offline ? 'notFinalOffline' : 'notFinal')}
            </p>
          )}
          <p className="review__legend muted">
            <span>▲ {t('high')}</span>
            <span>▼ {t('low')}</span>
            <span>{t('scrollHint')}</span>
          </p>
          <ReviewTable
            label={t('tableLabel', { kind: kindName, date: dateText })}
            slots={model.slots}
            columns={model.columns}
            rows={rows}
            sort={sort}
            onSort={(key) => setSort((current) => nextSort(current, key))}
          />
        </>
      )}
    </div>
  );
}

/** /farm/{farm_id}/review: the manager's first screen of the day (issue 17 part 1). */
export function ReviewScreen() {
  return <FarmGate>{(farm) => <ReviewBody farm={farm} />}</FarmGate>;
}
