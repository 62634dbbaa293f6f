import type { Static } from 'typebox';
import { Envelope, ErrorEnvelope } from '#shared/contracts/envelope';
import { SyncPullBody, SyncPullData } from '#shared/contracts/sync-pull';
import { innerRequestHeaders } from '../../kernel/inner-request.ts';
import type { Api, AppContext } from '../../types.ts';
import { answerPull } from './sync-pull.service.ts';

const tags = ['sync'];
const SyncPullReply = Envelope(SyncPullData);
/** The caller's headers an inner read needs: who, in which language, from which device. */
const PASSED_ON = ['authorization', 'accept-language', 'user-agent'] as const;

/**
 * HTTP only: `POST /api/sync/pull`, every mirrored list in one request (ADR 0065). Each
 * inner read goes through this server's own route (`inject`), with the caller's session:
 * the same authorization, input checks and answer as the GET the device would have made.
 */
export function syncPullRoutes(api: Api, _ctx: AppContext): void {
  api.post(
    '/sync/pull',
    {
      schema: {
        tags,
        summary:
          'Pull every mirrored list in one request: each GET (path and query) answered as its list route answers it; keys past the size budget come back as pending',
        body: SyncPullBody,
        response: { 200: SyncPullReply, 400: ErrorEnvelope },
      },
    },
    async (req, reply) => {
      const headers: Record<string, string> = { ...innerRequestHeaders(), 'x-forwarded-for': req.ip };
      for (const name of PASSED_ON) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const { answers, pending } = await answerPull(req.body, {
        get: async (url) => {
          const res = await api.inject({ method: 'GET', url, headers });
          const type = String(res.headers['content-type'] ?? '');
          return { status: res.statusCode, payload: res.payload, json: type.includes('json') };
        },
        notMirrored: () => ({ message: req.t('error.not-found'), code: 'not-found' }),
      });
      const message = JSON.stringify(req.t('server.ok'));
      // Already JSON text: a string with a JSON content type is sent as it is, not serialized.
      const text = `{"message":${message},"data":{"answers":[${answers.join(',')}],"pending":${JSON.stringify(pending)}}}`;
      return reply
        .type('application/json; charset=utf-8')
        .send(text as unknown as Static<typeof SyncPullReply>);
    },
  );
}
