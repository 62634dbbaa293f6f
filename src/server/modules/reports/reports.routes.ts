import { Type } from 'typebox';
import { Envelope, IdParams } from '#shared/contracts/envelope';
import { ReportBody, ReportDownloadQuery, ReportHistoryQuery, ReportJob } from '#shared/contracts/reports';
import type { Api, AppContext } from '../../types.ts';

const tags = ['reports'];

/** HTTP only: farm reports as background jobs (reports.service.ts), their history and files. */
export function reportsRoutes(api: Api, ctx: AppContext): void {
  const { reports } = ctx;

  api.post(
    '/report',
    {
      schema: {
        tags,
        summary:
          'Queue a farm report (PDF and XLSX) of ponds over a date range; answers 202 with the job to poll',
        body: ReportBody,
        response: { 202: Envelope(ReportJob) },
      },
    },
    async (req, reply) => {
      const data = await reports.request(req.user.id, req.lang === 'en' ? 'en' : 'id', req.body);
      return reply.status(202).send({ message: req.t('server.ok'), data });
    },
  );

  api.get(
    '/report/:id',
    {
      schema: {
        tags,
        summary: 'One report of the caller: its progress, then its files’ sizes',
        params: IdParams,
        response: { 200: Envelope(ReportJob) },
      },
    },
    async (req) => ({ message: req.t('server.ok'), data: await reports.get(req.user.id, req.params.id) }),
  );

  api.get(
    '/history',
    {
      schema: {
        tags,
        summary: 'The caller’s reports of a farm, newest first (at most 50)',
        querystring: ReportHistoryQuery,
        response: { 200: Envelope(Type.Array(ReportJob)) },
      },
    },
    async (req) => ({
      message: req.t('server.ok'),
      data: await reports.history(req.user.id, req.query.farm_id),
    }),
  );

  api.get(
    '/report/:id/download',
    {
      schema: {
        tags,
        summary:
          'A finished report’s file as an attachment: format=pdf (application/pdf) or xlsx (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet)',
        params: IdParams,
        querystring: ReportDownloadQuery,
      },
    },
    async (req, reply) => {
      const file = await reports.file(req.user.id, req.params.id, req.query.format);
      return reply
        .header('content-type', file.type)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );
}
