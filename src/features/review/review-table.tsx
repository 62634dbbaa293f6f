import './register-locales.ts';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '#components/format';
import type { TimeOfDay } from '#shared/domain/time-of-day';
import { optionLabelKey } from '#shared/domain/water-options';
import type { CellState, ReviewColumn, ReviewRow, SortKey, SortState } from './review-model.ts';
import './review.css';

export interface ReviewTableProps {
  label: string;
  slots: readonly TimeOfDay[];
  columns: readonly ReviewColumn[];
  rows: readonly ReviewRow[];
  sort: SortState;
  onSort: (key: SortKey) => void;
}

/** Decimals a value shows with: pH 7,85, counts whole. */
function decimalsOf(value: number): number {
  if (Number.isInteger(value)) return 0;
  return Math.abs(value) >= 100 ? 1 : 2;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What every cell needs, made once per table render (hooks per cell cost a 50-pond table dearly). */
interface CellText {
  t: Translate;
  number: (value: number, decimals: number) => string;
  missing: string;
  notMeasured: string;
  low: string;
  high: string;
  unknownUser: string;
}

function optionLabel(t: Translate, parameter: string, value: number): string {
  const key = optionLabelKey(parameter, value);
  return key ? t(key) : String(value);
}

function cell(key: string, state: CellState, parameter: string, text: CellText) {
  if (state.kind === 'missing')
    return (
      <td key={key} className="review__missing">
        {text.missing}
      </td>
    );
  if (state.kind === 'not-measured')
    return (
      <td key={key} className="review__not-measured">
        {text.notMeasured}
      </td>
    );
  if (state.option) return <td key={key}>{optionLabel(text.t, parameter, state.value)}</td>;
  const value = text.number(state.value, decimalsOf(state.value));
  if (state.status === 'low' || state.status === 'high') {
    const word = state.status === 'low' ? text.low : text.high;
    return (
      <td key={key} className={`num review__out review__out--${state.status}`} title={word}>
        <span aria-hidden="true" className="review__mark">
          {state.status === 'high' ? '▲' : '▼'}
        </span>
        {value}
        <span className="visually-hidden">, {word}</span>
      </td>
    );
  }
  return (
    <td key={key} className="num">
      {value}
    </td>
  );
}

function entryCell(key: string, row: ReviewRow, slot: TimeOfDay, text: CellText) {
  const entry = row.entries[slot];
  if (!entry) return null;
  return (
    <td key={key} className="review__entry">
      <span className="review__who">{entry.by ?? text.unknownUser}</span>{' '}
      <span className="review__when">{entry.time}</span>{' '}
      <span className={`review__sync review__sync--${entry.status}`}>{text.t(`status.${entry.status}`)}</span>
      {entry.count > 1 && (
        <span className="review__count"> · {text.t('readings', { count: entry.count })}</span>
      )}
    </td>
  );
}

function SortHeader({
  sortKey,
  sort,
  onSort,
  label,
  children,
  className,
  rowSpan,
}: {
  sortKey: SortKey;
  sort: SortState;
  onSort: (key: SortKey) => void;
  label: string;
  children: ReactNode;
  className?: string;
  rowSpan?: number;
}) {
  const { t } = useTranslation('review');
  const active = sort.key === sortKey;
  return (
    <th scope="col" className={className} rowSpan={rowSpan} aria-sort={active ? sort.direction : undefined}>
      <button
        type="button"
        className="review__sort"
        onClick={() => onSort(sortKey)}
        aria-label={t('sortBy', { column: label })}
        data-sort-key={sortKey}
      >
        {children}
        <span aria-hidden="true" className="review__sort-mark">
          {active ? (sort.direction === 'ascending' ? '↑' : '↓') : '↕'}
        </span>
      </button>
    </th>
  );
}

/**
 * Arrow keys move between the body's cells (a grid a manager reads line by line); Home and
 * End go to the row's ends. One cell of the body is in the tab order at a time.
 */
function moveFocus(event: KeyboardEvent<HTMLTableSectionElement>) {
  const cell = (event.target as HTMLElement).closest('td, th') as HTMLTableCellElement | null;
  const row = cell?.parentElement as HTMLTableRowElement | null;
  const body = event.currentTarget;
  if (!cell || !row) return;
  const rows = [...body.children] as HTMLTableRowElement[];
  const cellsOf = (line: Element) => [...line.children] as HTMLTableCellElement[];
  const r = rows.indexOf(row);
  const c = cellsOf(row).indexOf(cell);
  let target: HTMLTableCellElement | undefined;
  const at = (ri: number, ci: number) => {
    const line = rows[ri];
    if (!line) return undefined;
    const cells = cellsOf(line);
    return cells[Math.min(ci, cells.length - 1)];
  };
  if (event.key === 'ArrowRight') target = at(r, c + 1);
  else if (event.key === 'ArrowLeft') target = c > 0 ? at(r, c - 1) : undefined;
  else if (event.key === 'ArrowDown') target = at(r + 1, c);
  else if (event.key === 'ArrowUp') target = r > 0 ? at(r - 1, c) : undefined;
  else if (event.key === 'Home') target = at(r, 0);
  else if (event.key === 'End') target = cellsOf(row).at(-1);
  else return;
  event.preventDefault();
  if (!target || target === cell) return;
  cell.tabIndex = -1;
  target.tabIndex = 0;
  target.focus();
}

export function ReviewTable({ label, slots, columns, rows, sort, onSort }: ReviewTableProps) {
  const { t } = useTranslation('review');
  const format = useFormat();
  const text: CellText = {
    t,
    number: format.number,
    missing: t('missing'),
    notMeasured: t('notMeasured'),
    low: t('low'),
    high: t('high'),
    unknownUser: t('unknownUser'),
  };
  const bySlot = new Map(slots.map((slot) => [slot, columns.filter((c) => c.slot === slot)]));
  const unitText = (unit: string) => (unit ? t(`units.${unit}`, { defaultValue: unit }) : '');
  return (
    // A scrolling box must take focus so a keyboard can scroll it (axe scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls; focus lets arrow keys scroll it
    <section className="review__scroll" aria-label={label} tabIndex={0}>
      <table className="review-table">
        <thead>
          <tr>
            <SortHeader
              sortKey="pond"
              sort={sort}
              onSort={onSort}
              label={t('pond')}
              className="review__pond-head"
              rowSpan={2}
            >
              {t('pond')}
            </SortHeader>
            {slots.map((slot) => (
              <th
                key={slot}
                scope="colgroup"
                colSpan={columns.filter((c) => c.slot === slot).length + 1}
                className="review__slot-head"
              >
                {t(`timeOfDay.${slot}`)}
              </th>
            ))}
          </tr>
          <tr>
            {slots.map((slot) => [
              ...columns
                .filter((c) => c.slot === slot)
                .map((column) => {
                  const name = t(`fields.${column.parameter}`);
                  const unit = unitText(column.unit);
                  return (
                    <SortHeader
                      key={column.key}
                      sortKey={column.key}
                      sort={sort}
                      onSort={onSort}
                      label={`${t(`timeOfDay.${slot}`)} ${name}`}
                      className="num"
                    >
                      <span>{name}</span>
                      {unit && <span className="review__unit">{unit}</span>}
                    </SortHeader>
                  );
                }),
              <th key={`${slot}:entry`} scope="col" className="review__entry-head">
                {t('entry')}
              </th>,
            ])}
          </tr>
        </thead>
        <tbody onKeyDown={moveFocus}>
          {rows.map((row, index) => (
            <tr key={row.pond.pond_id} data-pond={row.pond.name}>
              <th scope="row" className="review__pond" tabIndex={index === 0 ? 0 : -1}>
                <span className="review__pond-name">{row.pond.name}</span>
                <span className="review__block">{row.pond.block_name}</span>
              </th>
              {slots.map((slot) => {
                const slotColumns = bySlot.get(slot) ?? [];
                if (!row.entries[slot])
                  return (
                    <td key={slot} colSpan={slotColumns.length + 1} className="review__missing" tabIndex={-1}>
                      {text.missing}
                    </td>
                  );
                return [
                  ...slotColumns.map((column) =>
                    cell(column.key, row.cells[column.key], column.parameter, text),
                  ),
                  entryCell(`${slot}:entry`, row, slot, text),
                ];
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
