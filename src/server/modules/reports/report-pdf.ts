import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatDate, formatDateTime } from '#shared/domain/date-format';
import type { ReportData } from './report-data.ts';
import { REPORT_LABELS } from './report-labels.ts';
import { cellText, reportTables } from './report-tables.ts';

/**
 * The PDF of a report, with pdfmake (over pdfkit): tables are declared, and pdfmake breaks
 * them across pages with the header row repeated, which long reports need. Roboto ships
 * with pdfmake (Indonesian and "≤ ≥ –" print); files are only read from its folder.
 */
const FONT_DIR = join(
  dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')),
  'fonts',
  'Roboto',
);
type PdfMake = typeof import('pdfmake');
let loaded: PdfMake | null = null;

/**
 * pdfmake (and pdfkit under it, which reads its font metrics next to its own code) loads
 * on the first report, not at server start (idle memory), and stays outside the server
 * bundle (scripts/build-server.mjs).
 */
async function pdfMake(): Promise<PdfMake> {
  if (loaded) return loaded;
  const pdfmake =
    ((await import('pdfmake')) as { default?: PdfMake }).default ?? ((await import('pdfmake')) as PdfMake);
  pdfmake.setFonts({
    Roboto: {
      normal: join(FONT_DIR, 'Roboto-Regular.ttf'),
      bold: join(FONT_DIR, 'Roboto-Medium.ttf'),
      italics: join(FONT_DIR, 'Roboto-Italic.ttf'),
      bolditalics: join(FONT_DIR, 'Roboto-MediumItalic.ttf'),
    },
  });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => path.startsWith(FONT_DIR));
  loaded = pdfmake;
  return pdfmake;
}

export async function reportPdf(data: ReportData, language: 'id' | 'en', createdAt: Date): Promise<Buffer> {
  const pdfmake = await pdfMake();
  const L = REPORT_LABELS[language];
  const content: Content[] = [
    { text: `${L.title}: ${data.farm}`, style: 'title' },
    {
      columns: [
        {
          text: [
            { text: `${L.period}: `, bold: true },
            `${formatDate(data.from, language)} – ${formatDate(data.to, language)}`,
          ],
        },
        { text: [{ text: `${L.asOf}: `, bold: true }, formatDate(data.asOf, language)] },
        {
          text: [
            { text: `${L.generated}: `, bold: true },
            formatDateTime(createdAt, language, 'Asia/Jakarta'),
          ],
        },
      ],
      margin: [0, 0, 0, 4],
    },
    { text: [{ text: `${L.ponds}: `, bold: true }, data.ponds.join(', ')], margin: [0, 0, 0, 8] },
  ];
  for (const table of reportTables(data, language)) {
    content.push({ text: table.title, style: 'section' });
    if (table.rows.length === 0) {
      content.push({ text: L.none, italics: true, margin: [0, 0, 0, 6] });
      continue;
    }
    const right = table.columns.map((c) => c.kind !== 'text' && c.kind !== 'date');
    const body: TableCell[][] = [
      table.columns.map((c, i) => ({ text: c.label, bold: true, alignment: right[i] ? 'right' : 'left' })),
      ...table.rows.map((row) =>
        row.map((v, i) => ({
          text: cellText(v, table.columns[i].kind, language),
          alignment: right[i] ? ('right' as const) : ('left' as const),
        })),
      ),
    ];
    if (table.totals)
      body.push(
        table.totals.map((v, i) => ({
          text: v === null ? '' : cellText(v, table.columns[i].kind, language),
          bold: true,
          alignment: right[i] ? ('right' as const) : ('left' as const),
        })),
      );
    content.push({
      table: {
        headerRows: 1,
        body,
        widths: table.columns.map((_, i) => (i === 0 && table.columns.length >= 6 ? '*' : 'auto')),
      },
      layout: 'lightHorizontalLines',
      margin: [0, 0, 0, 10],
    });
  }
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [28, 28, 28, 36],
    info: { title: `${L.title} ${data.farm}`, creator: 'Tambak' },
    defaultStyle: { font: 'Roboto', fontSize: 8 },
    styles: {
      title: { fontSize: 15, bold: true, margin: [0, 0, 0, 6] },
      section: { fontSize: 11, bold: true, margin: [0, 6, 0, 4] },
    },
    footer: (n, of) => ({
      text: L.page.replace('{{n}}', String(n)).replace('{{of}}', String(of)),
      alignment: 'center',
      fontSize: 7,
      margin: [0, 12, 0, 0],
    }),
    content,
  };
  return pdfmake.createPdf(doc).getBuffer();
}
