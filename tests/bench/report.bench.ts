/**
 * A one-year report of the demo farm (issue 17: "a one-year PDF report of the demo farm
 * is ready in under 10 s"). Loads the demo farm (scripts/demo) into its own embedded
 * PostgreSQL, asks for a report of every pond over the last 365 days through the API and
 * times it until the background job (pg-boss) has stored both files; then times the
 * build's phases alone (reading the figures, the PDF, the XLSX). Figures, not pass/fail.
 * REPORT_OUT=/dir writes the PDF and the XLSX there to look at.
 *
 *   node --import tsx tests/bench/report.bench.ts [ponds=50] [days=365] [runs=3]
 */
import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { loadDemo } from '../../scripts/demo/load.ts';
import { readReportData } from '../../src/server/modules/reports/report-data.ts';
import { reportPdf } from '../../src/server/modules/reports/report-pdf.ts';
import { ReportSources } from '../../src/server/modules/reports/report-sources.ts';
import { reportXlsx } from '../../src/server/modules/reports/report-xlsx.ts';
import { addDays } from '../../src/shared/domain/chart-range.ts';
import { startBenchApp } from '../helpers/bench-app.ts';

const PONDS = Number(process.argv[2] ?? 50);
const DAYS = Number(process.argv[3] ?? 365);
const RUNS = Number(process.argv[4] ?? 3);
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const { app, db, stop } = await startBenchApp();
  try {
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const started = performance.now();
    const { farmId, records } = await loadDemo(app, db, { seed: 1, ponds: PONDS, days: DAYS, today });
    console.log(
      `demo farm: ${PONDS} ponds × ${DAYS} days, ${records} records, loaded in ${s(performance.now() - started)}`,
    );
    await sql`analyze`.execute(db);
    const owner = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'demo-owner@tambak.invalid')
      .executeTakeFirstOrThrow();
    const headers = { authorization: `Bearer ${await app.ctx.sessions.create(owner.id, 'bench')}` };
    const pondIds = (await db.selectFrom('ponds').select('id').where('farm_id', '=', farmId).execute()).map(
      (p) => p.id,
    );
    const from = addDays(today, -(Math.min(DAYS, 366) - 1));
    const farm = { id: farmId, name: 'Demo' };

    for (let run = 1; run <= RUNS; run++) {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/report?lang=id',
        headers,
        payload: { farm_id: farmId, pond_ids: pondIds, from, to: today },
      });
      if (res.statusCode !== 202) throw new Error(`POST /api/report: ${res.statusCode} ${res.body}`);
      const id = res.json().data.id as string;
      let job: { status: string; pdf_size: number; xlsx_size: number; error: string | null };
      for (;;) {
        job = (await app.inject({ url: `/api/report/${id}`, headers })).json().data;
        if (job.status === 'done' || job.status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (job.status !== 'done') throw new Error(`report failed: ${job.error}`);
      console.log(
        `run ${run}: one-year report of ${pondIds.length} ponds ready (request → PDF and XLSX stored) in ${s(performance.now() - t0)} ` +
          `(target < 10 s); PDF ${(job.pdf_size / 1024).toFixed(0)} kB, XLSX ${(job.xlsx_size / 1024).toFixed(0)} kB`,
      );
      if (run === RUNS && process.env.REPORT_OUT) {
        for (const format of ['pdf', 'xlsx'] as const) {
          const file = await app.inject({ url: `/api/report/${id}/download?format=${format}`, headers });
          writeFileSync(`${process.env.REPORT_OUT}/demo-year.${format}`, file.rawPayload);
        }
      }
    }

    const sources = new ReportSources(db);
    const params = {
      pond_ids: pondIds,
      pond_names: [],
      from,
      to: today,
      sections: { water: true, sampling: true, harvest: true, finance: true },
    };
    const t1 = performance.now();
    const data = await readReportData(sources, farm, params, async () => {});
    const t2 = performance.now();
    const pdf = await reportPdf(data, 'id', new Date());
    const t3 = performance.now();
    const xlsx = await reportXlsx(data, 'id', new Date());
    const t4 = performance.now();
    console.log(
      `phases: figures ${s(t2 - t1)} (${data.cycles.length} cycles, ${data.water?.length ?? 0} water rows, ` +
        `${data.samplings?.length ?? 0} samplings, ${data.harvests?.length ?? 0} harvests) · PDF ${s(t3 - t2)} ` +
        `(${(pdf.length / 1024).toFixed(0)} kB) · XLSX ${s(t4 - t3)} (${(xlsx.length / 1024).toFixed(0)} kB)`,
    );
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
