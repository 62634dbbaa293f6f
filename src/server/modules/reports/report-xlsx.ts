import type ExcelJS from 'exceljs';
import { formatDate } from '#shared/domain/date-format';
import type { ReportData } from './report-data.ts';
import { REPORT_LABELS } from './report-labels.ts';
import { type CellKind, type CellValue, reportTables } from './report-tables.ts';

/**
 * The XLSX of a report (exceljs): a summary sheet, then one sheet a section. Numbers are
 * numbers (sums and filters work in the spreadsheet), days are dates shown DD MMM YYYY,
 * money is whole rupiah with the "Rp" format.
 */
const FORMATS: Record<CellKind, string | undefined> = {
  text: undefined,
  date: 'dd mmm yyyy',
  int: '#,##0',
  dec1: '#,##0.0',
  dec2: '#,##0.00',
  dec3: '#,##0.000',
  money: '"Rp" #,##0',
};

function excelValue(value: CellValue, kind: CellKind): ExcelJS.CellValue {
  if (value === null || value === '') return null;
  if (kind === 'text') return String(value);
  if (kind === 'date') return new Date(`${value}T00:00:00Z`);
  return Number(value);
}

export async function reportXlsx(data: ReportData, language: 'id' | 'en', createdAt: Date): Promise<Buffer> {
  const L = REPORT_LABELS[language];
  // Loaded on the first report, not at server start (idle memory); outside the server bundle.
  const { Workbook } =
    ((await import('exceljs')) as { default?: typeof ExcelJS }).default ?? (await import('exceljs'));
  const book = new Workbook();
  book.creator = 'Tambak';
  book.created = createdAt;
  const summary = book.addWorksheet(L.sheet.summary);
  summary.addRows([
    [L.title, data.farm],
    [L.period, `${formatDate(data.from, language)} – ${formatDate(data.to, language)}`],
    [L.asOf, formatDate(data.asOf, language)],
    [L.ponds, data.ponds.join(', ')],
  ]);
  summary.getColumn(1).font = { bold: true };
  summary.getColumn(1).width = 28;
  summary.getColumn(2).width = 60;

  for (const table of reportTables(data, language)) {
    const sheet = book.addWorksheet(L.sheet[table.key]);
    const header = sheet.addRow(table.columns.map((c) => c.label));
    header.font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    const rows = table.totals ? [...table.rows, table.totals] : table.rows;
    rows.forEach((row, r) => {
      const line = sheet.addRow(row.map((v, i) => excelValue(v, table.columns[i].kind)));
      if (table.totals && r === rows.length - 1) line.font = { bold: true };
    });
    table.columns.forEach((c, i) => {
      const column = sheet.getColumn(i + 1);
      column.width = Math.max(12, c.label.length + 2);
      const format = FORMATS[c.kind];
      if (format)
        column.eachCell({ includeEmpty: false }, (cell, row) => {
          if (row > 1) cell.numFmt = format;
        });
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
