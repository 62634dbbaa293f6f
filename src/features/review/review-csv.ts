import type { TimeOfDay } from '#shared/domain/time-of-day';
import {
  type CellState,
  OPTION_PARAMETERS,
  type ReviewColumn,
  type ReviewRow,
  type SyncState,
} from './review-model.ts';

/**
 * The visible review table as CSV for a spreadsheet: one line per pond in the order shown,
 * a translated header row, numbers with a dot decimal and no thousands mark (what every
 * spreadsheet reads as a number), a UTF-8 byte-order mark so Excel shows "°C" and "₄"
 * right. Missing entries are empty; a value flagged out of standard keeps its number and
 * gets its flag in the next column, so the numbers stay numbers.
 */
export interface CsvLabels {
  block: string;
  pond: string;
  /** "Pagi · pH" */
  column: (column: ReviewColumn) => string;
  flagColumn: (column: ReviewColumn) => string;
  enteredBy: (slot: TimeOfDay) => string;
  time: (slot: TimeOfDay) => string;
  status: (slot: TimeOfDay) => string;
  notMeasured: string;
  low: string;
  high: string;
  statusText: (status: SyncState) => string;
  /** Option fields (colour, weather): their label. */
  option: (parameter: string, value: number) => string;
}

export const CSV_BOM = '\uFEFF';

function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Plain decimal text: 7.85, 12000, never 1.2e4 or a locale's comma. */
export function csvNumber(value: number): string {
  if (Number.isInteger(value)) return value.toFixed(0);
  return String(Number(value.toFixed(6)));
}

function cellText(cell: CellState | undefined, parameter: string, labels: CsvLabels): string {
  if (!cell || cell.kind === 'missing') return '';
  if (cell.kind === 'not-measured') return labels.notMeasured;
  return cell.option ? labels.option(parameter, cell.value) : csvNumber(cell.value);
}

function flagText(cell: CellState | undefined, labels: CsvLabels): string {
  if (cell?.kind !== 'value' || !cell.status || cell.status === 'ok') return '';
  return cell.status === 'low' ? labels.low : labels.high;
}

export function reviewCsv(
  slots: readonly TimeOfDay[],
  columns: readonly ReviewColumn[],
  rows: readonly ReviewRow[],
  labels: CsvLabels,
): string {
  const header = [labels.block, labels.pond];
  for (const slot of slots) {
    for (const column of columns.filter((c) => c.slot === slot)) {
      header.push(labels.column(column));
      if (OPTION_PARAMETERS.has(column.parameter)) continue;
      header.push(labels.flagColumn(column));
    }
    header.push(labels.enteredBy(slot), labels.time(slot), labels.status(slot));
  }
  const lines = [header];
  for (const row of rows) {
    const line = [row.pond.block_name, row.pond.name];
    for (const slot of slots) {
      for (const column of columns.filter((c) => c.slot === slot)) {
        const cell = row.cells[column.key];
        line.push(cellText(cell, column.parameter, labels));
        if (OPTION_PARAMETERS.has(column.parameter)) continue;
        line.push(flagText(cell, labels));
      }
      const entry = row.entries[slot];
      line.push(entry?.by ?? '', entry?.time ?? '', entry ? labels.statusText(entry.status) : '');
    }
    lines.push(line);
  }
  const body = lines.map((line) => line.map(quote).join(',')).join('\r\n');
  return `${CSV_BOM}${body}\r\n`;
}
