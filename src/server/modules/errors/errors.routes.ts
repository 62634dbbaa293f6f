import { Envelope } from '#shared/contracts/envelope';
import { ErrorConfig, ErrorOverview, ErrorReportAnswer, ErrorReportBody } from '#shared/contracts/errors';
import { AppError } from '../../errors.ts';
import type { Api, AppContext } from '../../types.ts';

const tags = ['errors'];
/** The largest report a device sends (50 events of 30 frames) fits with room; more is 413. */
const REPORT_BODY_LIMIT = 512 * 1024;

/** HTTP only: error reports of devices, and the system admins' view of them (ADR 0067). */
export function errorsRoutes(api: Api, ctx: AppContext): void {
  const { errorReports } = ctx;

  api.post(
    '/errors/report',
    {
      bodyLimit: REPORT_BODY_LIMIT,
      config: { public: true },
      // A flood from one address is refused before its body is read or validated.
      onRequest: async (req) => {
        if (!errorReports.admit(req.ip)) throw new AppError('device-rate-limited');
      },
      schema: {
        tags,
        summary:
          'A device’s scrubbed, de-duplicated errors and the app starts of its sampled sessions; no session needed. Limited per device and address: 429 when over, events over the device’s rate are dropped',
        body: ErrorReportBody,
        response: { 202: Envelope(ErrorReportAnswer) },
      },
    },
    async (req, reply) => {
      const data = await errorReports.report(req.body, String(req.headers['user-agent'] ?? ''));
      return reply.status(202).send({ message: req.t('server.ok'), data });
    },
  );

  api.get(
    '/errors/config',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The error-tracing sample rate devices apply (0 = send nothing)',
        response: { 200: Envelope(ErrorConfig) },
      },
    },
    async (req) => ({ message: req.t('server.ok'), data: await errorReports.config() }),
  );

  api.put(
    '/errors/config',
    {
      schema: {
        tags,
        summary: 'Set the error-tracing sample rate (system admins)',
        body: ErrorConfig,
        response: { 200: Envelope(ErrorConfig) },
      },
    },
    async (req) => ({
      message: req.t('server.updated'),
      data: await errorReports.setConfig(req.user.id, req.body),
    }),
  );

  api.get(
    '/errors',
    {
      schema: {
        tags,
        summary:
          'Error groups (mapped top frames, count, devices, first and last seen, release) and crash-free sessions per release (system admins)',
        response: { 200: Envelope(ErrorOverview) },
      },
    },
    async (req) => ({ message: req.t('server.ok'), data: await errorReports.overview(req.user.id) }),
  );
}
