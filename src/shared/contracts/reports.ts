import { type Static, Type } from 'typebox';
import { IsoDate, Uuid } from './envelope.ts';

/**
 * Farm reports (issue 17 point 6): `POST /api/report` queues one (202 with the job to
 * poll), `GET /api/report/:id` answers its progress, `GET /api/history?farm_id=` lists
 * the caller's reports of a farm, `GET /api/report/:id/download?format=pdf|xlsx` sends a
 * file again.
 */
export const REPORT_MAX_DAYS = 366;
export const REPORT_MAX_PONDS = 50;

export const ReportBody = Type.Object({
  farm_id: Uuid,
  pond_ids: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 200 }),
  from: IsoDate,
  to: IsoDate,
});
export type ReportBody = Static<typeof ReportBody>;

export const ReportStatus = Type.Union([
  Type.Literal('queued'),
  Type.Literal('running'),
  Type.Literal('done'),
  Type.Literal('failed'),
]);

export const ReportJob = Type.Object({
  id: Uuid,
  farm_id: Uuid,
  pond_ids: Type.Array(Uuid),
  pond_names: Type.Array(Type.String()),
  from: Type.String(),
  to: Type.String(),
  language: Type.String(),
  status: ReportStatus,
  progress: Type.Integer(),
  /** Translated reason of a failed build. */
  error: Type.Union([Type.String(), Type.Null()]),
  pdf_size: Type.Union([Type.Integer(), Type.Null()]),
  xlsx_size: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Type.String(),
  finished_at: Type.Union([Type.String(), Type.Null()]),
});
export type ReportJob = Static<typeof ReportJob>;

export const ReportHistoryQuery = Type.Object({ farm_id: Uuid });

export const ReportFormat = Type.Union([Type.Literal('pdf'), Type.Literal('xlsx')]);
export type ReportFormat = Static<typeof ReportFormat>;
export const ReportDownloadQuery = Type.Object({ format: ReportFormat });
