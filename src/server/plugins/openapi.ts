import type { SwaggerOptions } from '@fastify/swagger';
import { type TSchema, Type } from 'typebox';
import { ErrorEnvelope } from '#shared/contracts/envelope';

/**
 * The OpenAPI document (served at /api/docs/json, linted by `npm run lint:openapi`).
 * Routes declare their success answers; what every route of a kind can also answer is
 * added here, for the document only (the runtime never serialises through it):
 * - every route: 400 (bad query, path or body) and 429 (rate limit);
 * - signed-in routes: 401 and 403;
 * - routes with path parameters: 404;
 * - routes that change something: 409 (conflict), 413 (too large), 415 (not JSON).
 * Each operation gets an operationId made from its method and path unless it names one,
 * and public routes (`config: { public: true }`) say `security: []`.
 */

const TAGS: { name: string; description: string }[] = [
  { name: 'system', description: 'Health and client bootstrap settings' },
  { name: 'account', description: 'Registration, sign-in, sessions and the signed-in user' },
  { name: 'dev', description: 'Development mailbox (not registered in production)' },
  { name: 'farm', description: 'Farms and membership of the signed-in user' },
  { name: 'block', description: 'Blocks of ponds within a farm' },
  { name: 'pond', description: 'Ponds' },
  { name: 'user-farm', description: 'Farm members, roles and permissions' },
  { name: 'cycle', description: 'Culture cycles of a pond' },
  { name: 'water', description: 'Water-quality readings and standards' },
  { name: 'chat', description: 'Direct messages, groups, polls and calls' },
  { name: 'uploads', description: 'Files attached to chat and records' },
  { name: 'push', description: 'Web Push subscriptions' },
  { name: 'photos', description: 'Photos of production records, uploaded once by the device-made id' },
  { name: 'sampling', description: 'Growth sampling of ponds' },
  { name: 'stock', description: 'Stockings of a pond (a free farm\'s "stock", a pro farm\'s cycle start)' },
  { name: 'harvest', description: 'Harvests of a stocking; a total harvest closes it' },
  { name: 'death', description: 'Dead shrimp of a stocking, per day and per farm' },
  {
    name: 'overview',
    description: 'Cycle overview of a farm: DOC, ABW, ADG, SR, biomass, FCR, productivity',
  },
  { name: 'larvae', description: 'Counting shrimp larvae from a tray photo (background jobs)' },
  { name: 'demo', description: 'The read-only demo farm any user may open' },
  { name: 'anco', description: 'Feed-tray (anco) checks per pond and feeding' },
  { name: 'waterChange', description: 'Water changes of a pond' },
  { name: 'note', description: 'Farm and pond notes with tags' },
  { name: 'disease', description: 'Disease records and the master list of shrimp diseases' },
  { name: 'warehouse', description: 'Warehouse items, restock, removal, use and history' },
  { name: 'feeding', description: 'Feeding programme: feed index, FR table, recommended rations' },
  { name: 'purchase-order', description: 'Purchase orders to suppliers, sent by WhatsApp' },
  { name: 'finance', description: 'Accounts, transactions, categories and statistics (integer rupiah)' },
  { name: 'notifications', description: 'Farm alerts, their read state and push settings' },
  { name: 'charts', description: 'Chart series per pond over a range of farm days (read online)' },
  {
    name: 'forecast',
    description: 'Growth forecast of running cycles: target sizes, harvest projections (ADR 0060)',
  },
  {
    name: 'analysis',
    description: 'Farm analysis of one farm day: water, products, feed trays, shrimp, status',
  },
  {
    name: 'attention',
    description: "What needs a person on a farm today, ranked (read online), and the farm's thresholds",
  },
  {
    name: 'comparison',
    description: 'Several metrics of several ponds on one time axis, and saved templates',
  },
  {
    name: 'sync',
    description:
      'The batched pull: every list a device mirrors in one request, each answered as its own GET (ADR 0065)',
  },
  {
    name: 'embed',
    description:
      'Embed links of a farm: read-only tokens for the embeddable screens, with an expiry; made, listed and revoked by owners and managers',
  },
  {
    name: 'probes',
    description:
      'Water-quality probes: devices of a farm (keys shown once, rotate, revoke), their readings over HTTP (device key, no session) or MQTT (docs/operations.md), a pond’s probe summary',
  },
  {
    name: 'errors',
    description:
      'Error tracing: devices report scrubbed, de-duplicated errors and sampled session starts (no session needed, limited per device and address); system admins read the groups with frames mapped by the build’s source maps, crash-free sessions per release, and set the sample rate (ADR 0067)',
  },
  {
    name: 'reports',
    description: 'Farm reports as PDF and XLSX, built as background jobs, and their history',
  },
];

const ERRORS: Record<number, string> = {
  400: 'The input failed validation (`code` validation-failed, `errors` per field)',
  401: 'No session or the session ended',
  403: 'The user may not do this on this farm or record',
  404: 'Not found, or not visible to this user',
  409: 'Conflicts with the stored state',
  413: 'The body or file is too large',
  415: 'The body is not of a type this route reads (JSON; multipart for uploads)',
  429: 'Too many requests; try again later',
};

const errorAnswer = (status: number) => ({ ...ErrorEnvelope, description: ERRORS[status] });

/** `POST /api/farm/:id/update` → `postFarmByIdUpdate`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join('');
}

/** The statuses a route of this kind can answer besides its own. */
export function errorStatuses(route: { method: string; url: string; isPublic: boolean }): number[] {
  const statuses = [400, 429];
  if (!route.isPublic) statuses.push(401, 403);
  if (route.url.includes(':')) statuses.push(404);
  if (route.method !== 'GET' && route.method !== 'HEAD') statuses.push(409, 413, 415);
  return statuses.sort();
}

type RouteSchema = Record<string, unknown> & { response?: Record<string, unknown>; consumes?: string[] };

/** What the document shows for one route. */
function documentRoute(
  schema: RouteSchema,
  route: { method: string | string[]; url: string; config?: unknown },
) {
  const method = [route.method].flat()[0];
  const isPublic = (route.config as { public?: boolean } | undefined)?.public === true;
  const response: Record<string, unknown> = { ...schema.response };
  for (const status of errorStatuses({ method, url: route.url, isPublic }))
    if (!response[status]) response[status] = errorAnswer(status);
  // Routes answering bytes or a WebSocket upgrade declare no JSON success answer.
  if (!Object.keys(response).some((status) => /^[23]/.test(status)))
    response[200] = { type: 'null', description: 'Success; the body is not JSON (see the summary)' };
  return {
    ...schema,
    operationId: schema.operationId ?? operationIdOf(method, route.url),
    // A public route needs no session; one with its own credential (a device key) names it.
    ...(isPublic && !schema.security ? { security: [] } : {}),
    // A multipart route reads its file in the handler; the document still shows the form.
    ...(schema.consumes?.includes('multipart/form-data') && !schema.body
      ? { body: Type.Object({ file: Type.String({ format: 'binary' }) }) as TSchema }
      : {}),
    response,
  };
}

/** `supportUrl`: the farm's help line (SUPPORT_URL), the document's contact. */
export function openApiOptions(supportUrl: string): SwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Tambak API',
        version: '1',
        description:
          'Offline-first shrimp pond farm management. Every answer is `{ message, data }` on success and ' +
          '`{ message, code, errors? }` on failure, with `message` in the caller’s language (`?lang=` or ' +
          'Accept-Language; Indonesian by default). Bodies are JSON, except the multipart upload.',
        contact: { name: 'Tambak support', url: supportUrl },
      },
      servers: [{ url: '/', description: 'This server' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // A water-quality probe's key (ADR 0066): POST /api/ingest/readings only.
          deviceKey: { type: 'apiKey', in: 'header', name: 'X-Device-Key' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url, route }) => {
      if (!schema || (schema as { hide?: boolean }).hide) return { schema, url };
      return { schema: documentRoute(schema as RouteSchema, route) as typeof schema, url };
    },
  };
}
