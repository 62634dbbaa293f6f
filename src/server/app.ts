import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Config } from './config.ts';
import { type ContextDeps, createContext } from './context.ts';
import { isInnerRequest } from './kernel/inner-request.ts';
import { logsRequests, textLogStream } from './log-lines.ts';
import { authPlugin } from './plugins/auth.ts';
import { answerClientError } from './plugins/client-error.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { languagePlugin } from './plugins/language.ts';
import { larvaeWorkerCspPlugin } from './plugins/larvae-worker-csp.ts';
import { openApiOptions } from './plugins/openapi.ts';
import { rateLimitKey } from './plugins/rate-limit-key.ts';
import { schemaController } from './plugins/schema-compilers.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { staticAppPlugin } from './plugins/static-app.ts';
import { strictInputPlugin } from './plugins/strict-input.ts';
import { fcmCsp, hostedChatCsp } from './provider-config.ts';
import { registerRoutes } from './routes.ts';
import type { AppContext } from './types.ts';

export interface AppDeps extends ContextDeps {
  /** Connection string for the chat's LISTEN connection; default config.databaseUrl (none: one instance). */
  databaseUrl?: string;
}

export type App = FastifyInstance & { ctx: AppContext };

/**
 * Builds the whole server without listening: plugin order is external → app
 * (language, errors, auth) → routes, then the static PWA last so /api always wins.
 */
export async function buildApp(config: Config, deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(config.logFormat === 'text' ? { stream: textLogStream(logsRequests(config.logLevel)) } : {}),
    },
    logController: new LogController({ disableRequestLogging: !logsRequests(config.logLevel) }),
    trustProxy: true,
    bodyLimit: 2 * 1024 * 1024,
    schemaController: schemaController(),
    clientErrorHandler: answerClientError,
  }).withTypeProvider<TypeBoxTypeProvider>();
  const ctx = createContext(config, deps, (line) => app.log.info(line));
  // Hosted chat (COMETCHAT_*): the SDK's hosts; nothing more without it.
  const hostedCsp = hostedChatCsp(config.providers.hostedChat);
  // Firebase Cloud Messaging (FCM_*): the browser registers with Firebase's hosts.
  const firebaseCsp = fcmCsp(config.providers.fcm);

  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...hostedCsp.imgSrc],
        connectSrc: ["'self'", ...hostedCsp.connectSrc, ...firebaseCsp.connectSrc],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(larvaeWorkerCspPlugin);
  if (config.corsOrigins.length > 0) await app.register(cors, { origin: config.corsOrigins });
  // API answers compressed for a phone on one bar of signal: a new device's first pull of
  // the 50-pond demo farm is 21 MB of JSON, about a tenth of that gzipped. Brotli at
  // quality 4, not the default 11: two cores serve the farm. The app's own files go out
  // precompressed (static-app.ts), and images are not compressible, so neither is redone.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    keyGenerator: rateLimitKey,
    // The batched sync pull's inner reads: the caller's one request already counted.
    allowList: (request) => isInnerRequest(request.headers),
  });
  await app.register(swagger, openApiOptions(config.supportUrl));
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  await app.register(authPlugin, {
    authenticate: (token, ua) => ctx.sessions.authenticate(token, ua),
    // Embed links (ADR 0062): read-only, one farm, the embeddable screens' reads only.
    embed: {
      authenticate: async (token) => {
        const cred = await ctx.embedLinks.authenticate(token);
        if (!cred) return null;
        const { tokenId, farmId, screens } = cred;
        return { id: cred.userId, sessionId: `embed:${tokenId}`, embed: { tokenId, farmId, screens } };
      },
      guard: (user, request) =>
        ctx.embedLinks.guard(
          {
            tokenId: user.embed?.tokenId ?? '',
            farmId: user.embed?.farmId ?? '',
            screens: user.embed?.screens ?? [],
            userId: user.id,
          },
          {
            method: request.method,
            routeUrl: request.routeOptions.url,
            params: request.params,
            query: request.query,
          },
        ),
    },
  });
  // After auth (a caller without a session learns nothing more), before the routes.
  await app.register(strictInputPlugin);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10 } });
  await app.register(async (api) => registerRoutes(api, ctx), { prefix: '/api' });
  if (config.staticDir)
    await app.register(staticAppPlugin, {
      dir: config.staticDir,
      settings: { supportUrl: config.supportUrl },
    });
  // Chat fan-out and session revocations across instances: LISTEN before serving, stop
  // before the pool closes.
  await ctx.listener.start(deps.databaseUrl ?? config.databaseUrl);
  app.addHook('onClose', () => ctx.listener.stop());
  app.addHook('onClose', async () => ctx.pondPlacements.close());
  // Probe readings over MQTT (MQTT_URL or MQTT_EMBEDDED=1; nothing otherwise), stopped before the pool closes.
  await ctx.probeMqtt.start();
  app.addHook('onClose', () => ctx.probeMqtt.stop());
  // Larvae counting jobs and report builds (issue 17), pg-boss in the same database: a
  // queue starts with its first job, or here when jobs wait in it (a server stopped with
  // work queued), beside the first requests rather than before listening (issue 32:
  // ≤ 1 s from database ready to listening, ≤ 100 MB at idle; the OpenAPI lint's app has
  // no database URL and checks nothing). A check that fails is logged; the queue's next
  // job starts it. Stopped (after a start under way) before the pool closes.
  for (const jobs of [ctx.larvaeJobs, ctx.reportJobs]) {
    if (deps.databaseUrl ?? config.databaseUrl)
      jobs
        .startIfPending()
        .catch((error) => app.log.error(`[jobs] start failed: ${(error as Error).message}`));
    app.addHook('onClose', () => jobs.stop());
  }

  return Object.assign(app, { ctx }) as unknown as App;
}
