import { Type } from 'typebox';
import { Envelope, ErrorEnvelope, IdParams } from '#shared/contracts/envelope';
import {
  CreateProbeDeviceBody,
  IngestBody,
  IngestResult,
  ProbeDevice,
  ProbeDeviceQuery,
  ProbeDeviceWithKey,
  ProbePondReadings,
  ProbeReadingsQuery,
} from '#shared/contracts/probes';
import type { Api, AppContext } from '../../types.ts';

const tags = ['probes'];

/** The device key of a request: `Authorization: Bearer <key>` or `X-Device-Key: <key>`. */
function deviceKey(headers: Record<string, string | string[] | undefined>): string | undefined {
  const header = headers['x-device-key'];
  if (typeof header === 'string') return header.trim();
  const auth = headers.authorization;
  if (typeof auth !== 'string') return undefined;
  const [scheme, token] = auth.split(' ');
  return scheme?.toLowerCase() === 'bearer' ? token : undefined;
}

/** HTTP only: probe devices (farm owners and managers), ingestion (device keys), a pond's probe readings. */
export function probesRoutes(api: Api, ctx: AppContext): void {
  const { probeDevices, probeIngest, probeReadings } = ctx;

  api.post(
    '/probeDevice',
    {
      schema: {
        tags,
        summary: 'Register a water-quality probe of a pond; its device key is answered this once',
        body: CreateProbeDeviceBody,
        response: { 201: Envelope(ProbeDeviceWithKey) },
      },
    },
    async (req, reply) => {
      const data = await probeDevices.create(req.user.id, req.body);
      return reply.status(201).send({ message: req.t('server.created'), data });
    },
  );

  api.get(
    '/probeDevice',
    {
      schema: {
        tags,
        summary: 'The farm’s probe devices: pond, parameters, last message, battery and signal, state',
        querystring: ProbeDeviceQuery,
        response: { 200: Envelope(Type.Array(ProbeDevice)) },
      },
    },
    async (req) => ({
      message: req.t('server.ok'),
      data: await probeDevices.list(req.user.id, req.query.farm_id),
    }),
  );

  api.post(
    '/probeDevice/:id/rotate',
    {
      schema: {
        tags,
        summary: 'A new device key (answered this once); the old key stops working at once',
        params: IdParams,
        response: { 200: Envelope(ProbeDeviceWithKey) },
      },
    },
    async (req) => ({
      message: req.t('server.updated'),
      data: await probeDevices.rotate(req.user.id, req.params.id),
    }),
  );

  api.post(
    '/probeDevice/:id/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke a device: its key stops working at once (HTTP and MQTT)',
        params: IdParams,
        response: { 200: Envelope(ProbeDevice) },
      },
    },
    async (req) => ({
      message: req.t('server.updated'),
      data: await probeDevices.revoke(req.user.id, req.params.id),
    }),
  );

  api.get(
    '/probeReadings',
    {
      schema: {
        tags,
        summary:
          'A pond’s probe readings of a range (≤ 31 days): per-slot min/mean/max, the chart line, alert episodes',
        querystring: ProbeReadingsQuery,
        response: { 200: Envelope(ProbePondReadings) },
      },
    },
    async (req) => ({ message: req.t('server.ok'), data: await probeReadings.pond(req.user.id, req.query) }),
  );

  api.post(
    '/ingest/readings',
    {
      config: { public: true },
      bodyLimit: 256 * 1024,
      schema: {
        tags,
        summary:
          'A probe’s readings, authenticated by its device key (header X-Device-Key, or Authorization: Bearer <key>), not a session',
        description:
          'The same body is the MQTT payload on topic tambak/<farm id>/<device id>/readings (QoS 1; with an outside broker it also carries "key"), see docs/operations.md. One or many readings (1–500). Each is checked on its own: refused ones come back with their index and reason (unknown-parameter, not-a-number, unknown-unit, out-of-range, bad-timestamp, future, too-old, …) and the others are stored. Idempotent by device, parameter and measured_at. Units: temperature °C/°F, DO mg/L or % saturation (converted with the message’s temperature and salinity), salinity ppt/psu/g/L. 401 for an unknown or revoked key, 429 when the device sends too often.',
        // The device key in X-Device-Key (or as Authorization: Bearer tpk_…, the summary says), never a session.
        security: [{ deviceKey: [] }],
        body: IngestBody,
        response: {
          200: Envelope(IngestResult),
          401: { ...ErrorEnvelope, description: 'Unknown or revoked device key (`code` device-key-invalid)' },
        },
      },
    },
    async (req) => ({
      message: req.t('server.ok'),
      data: await probeIngest.withKey(deviceKey(req.headers), req.body),
    }),
  );
}
