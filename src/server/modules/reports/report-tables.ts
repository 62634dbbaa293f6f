import { formatDate } from '#shared/domain/date-format';
import { formatNumber, formatRupiahText } from '#shared/domain/format';
import type { ReportData } from './report-data.ts';
import { REPORT_LABELS, type ReportLabels } from './report-labels.ts';

/** How a cell reads: text, a day (DD MMM YYYY), a count, a decimal, or integer rupiah. */
export type CellKind = 'text' | 'date' | 'int' | 'dec1' | 'dec2' | 'dec3' | 'money';
export type CellValue = string | number | null;

export interface ReportTable {
  key: keyof ReportLabels['sheet'];
  title: string;
  columns: { label: string; kind: CellKind }[];
  rows: CellValue[][];
  /** Bold last row (totals). */
  totals?: CellValue[];
}

const DECIMALS: Partial<Record<CellKind, number>> = { int: 0, dec1: 1, dec2: 2, dec3: 3 };

/** A cell as the PDF prints it; "–" for no value. */
export function cellText(value: CellValue, kind: CellKind, language: 'id' | 'en'): string {
  if (value === null || value === '') return '–';
  if (kind === 'text') return String(value);
  if (kind === 'date') return formatDate(String(value), language);
  if (kind === 'money') return formatRupiahText(String(value));
  return formatNumber(Number(value), DECIMALS[kind] ?? 2, language === 'en' ? 'en-US' : 'id-ID');
}

const range = (min: number | null, max: number | null, unit: string) => {
  const u = unit ? ` ${unit}` : '';
  if (min !== null && max !== null) return `${min}–${max}${u}`;
  if (min !== null) return `≥ ${min}${u}`;
  if (max !== null) return `≤ ${max}${u}`;
  return '–';
};

const sumMoney = (values: string[]) => values.reduce((a, v) => a + BigInt(v), 0n).toString();

/** The report's sections as tables, in the asker's language (the PDF and the XLSX print the same). */
export function reportTables(data: ReportData, language: 'id' | 'en'): ReportTable[] {
  const L = REPORT_LABELS[language];
  const c = L.col;
  const tables: ReportTable[] = [
    {
      key: 'cycles',
      title: L.cycleSummary,
      columns: [
        { label: c.pond, kind: 'text' },
        { label: c.block, kind: 'text' },
        { label: c.stockDate, kind: 'date' },
        { label: c.doc, kind: 'int' },
        { label: c.abw, kind: 'dec2' },
        { label: c.size, kind: 'dec1' },
        { label: c.sr, kind: 'dec1' },
        { label: c.biomass, kind: 'dec1' },
        { label: c.feedKg, kind: 'dec1' },
        { label: c.fcr, kind: 'dec2' },
        { label: c.harvestedKg, kind: 'dec1' },
        { label: c.productivity, kind: 'dec1' },
      ],
      rows: data.cycles.map((x) => [
        x.pond,
        x.block,
        x.stock_date,
        x.doc,
        x.abw,
        x.size,
        x.sr,
        x.biomass_kg,
        x.feed_kg,
        x.fcr,
        x.harvested_kg,
        x.productivity_kg_ha,
      ]),
    },
  ];
  if (data.water)
    tables.push({
      key: 'water',
      title: L.water,
      columns: [
        { label: c.pond, kind: 'text' },
        { label: c.parameter, kind: 'text' },
        { label: c.standard, kind: 'text' },
        { label: c.readings, kind: 'int' },
        { label: c.average, kind: 'dec2' },
        { label: c.outOfStandard, kind: 'int' },
      ],
      rows: data.water.map((w) => [
        w.pond,
        L.parameter[w.parameter] ?? w.parameter,
        range(w.min, w.max, w.unit),
        w.readings,
        w.average,
        w.out_of_standard,
      ]),
    });
  tables.push({
    key: 'feed',
    title: L.feed,
    columns: [
      { label: c.pond, kind: 'text' },
      { label: c.kg, kind: 'dec1' },
      { label: c.value, kind: 'money' },
      { label: c.days, kind: 'int' },
    ],
    rows: data.feed.map((f) => [f.pond, f.kg, f.value, f.days]),
    totals:
      data.feed.length > 0
        ? [L.total, data.feed.reduce((a, f) => a + f.kg, 0), sumMoney(data.feed.map((f) => f.value)), null]
        : undefined,
  });
  if (data.samplings)
    tables.push({
      key: 'sampling',
      title: L.sampling,
      columns: [
        { label: c.pond, kind: 'text' },
        { label: c.day, kind: 'date' },
        { label: c.count, kind: 'int' },
        { label: c.weight, kind: 'dec1' },
        { label: c.abw, kind: 'dec2' },
        { label: c.size, kind: 'dec1' },
        { label: c.adg, kind: 'dec3' },
      ],
      rows: data.samplings.map((s) => [s.pond, s.day, s.count, s.weight_g, s.abw, s.size, s.adg]),
    });
  if (data.harvests)
    tables.push({
      key: 'harvest',
      title: L.harvest,
      columns: [
        { label: c.pond, kind: 'text' },
        { label: c.day, kind: 'date' },
        { label: c.type, kind: 'text' },
        { label: c.weightKg, kind: 'dec1' },
        { label: c.size, kind: 'dec1' },
        { label: c.price, kind: 'money' },
        { label: c.revenue, kind: 'money' },
      ],
      rows: data.harvests.map((h) => [
        h.pond,
        h.day,
        (L.harvestType as Record<string, string>)[h.type] ?? h.type,
        h.weight_kg,
        h.size,
        h.price_per_kg,
        h.revenue,
      ]),
      totals:
        data.harvests.length > 0
          ? [
              L.total,
              null,
              null,
              data.harvests.reduce((a, h) => a + h.weight_kg, 0),
              null,
              null,
              sumMoney(data.harvests.map((h) => h.revenue)),
            ]
          : undefined,
    });
  if (data.finance)
    tables.push({
      key: 'finance',
      title: L.finance,
      columns: [
        { label: c.income, kind: 'money' },
        { label: c.expenses, kind: 'money' },
        { label: c.balance, kind: 'money' },
        { label: c.transactions, kind: 'int' },
      ],
      rows: [[data.finance.income, data.finance.expenses, data.finance.balance, data.finance.count]],
    });
  if (data.forecast)
    tables.push({
      key: 'forecast',
      title: L.forecast,
      columns: [
        { label: c.pond, kind: 'text' },
        { label: c.target, kind: 'int' },
        { label: c.reachedOn, kind: 'date' },
        { label: c.inDays, kind: 'text' },
        { label: c.doc, kind: 'int' },
        { label: c.abw, kind: 'dec2' },
        { label: c.biomass, kind: 'dec1' },
        { label: c.revenue, kind: 'money' },
        { label: c.hpp, kind: 'money' },
      ],
      rows: data.forecast.map((f) => [
        f.pond,
        f.size,
        f.date,
        f.status === 'reached'
          ? L.forecastReached
          : f.status === 'beyond'
            ? L.forecastBeyond
            : `${f.days_early ?? '–'}–${f.days_late ?? '>'}`,
        f.doc,
        f.abw,
        f.biomass_kg,
        f.revenue,
        f.hpp,
      ]),
    });
  return tables;
}
