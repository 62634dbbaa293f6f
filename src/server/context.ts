import { createChatModules } from './chat/chat-modules.ts';
import { HostedChatRest } from './chat/hosted-chat-rest.ts';
import type { SafeFetchOptions } from './chat/safe-fetch.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { PgListener } from './db/pg-listener.ts';
import { FarmAccessRepository } from './kernel/farm-access.repository.ts';
import { FarmAccess } from './kernel/farm-access.ts';
import { MembershipCache } from './kernel/membership-cache.ts';
import { PondPlacements } from './kernel/pond-placements.ts';
import { DevOutboxRepository } from './messaging/dev-outbox.repository.ts';
import { DevOutboxProvider, type MessageProvider, Messenger, SmtpProvider } from './messaging/messenger.ts';
import { AccountService } from './modules/account/account.service.ts';
import { OneTimeCodeService } from './modules/account/one-time-code.service.ts';
import { SessionRepository } from './modules/account/session.repository.ts';
import { SessionService } from './modules/account/session.service.ts';
import { UserRepository } from './modules/account/user.repository.ts';
import { CycleRepository } from './modules/cycle/cycle.repository.ts';
import { DemoRepository } from './modules/demo/demo.repository.ts';
import { DemoService } from './modules/demo/demo.service.ts';
import { sqlRationSources } from './modules/feeding/sql-ration-sources.ts';
import type { ProductionSources } from './modules/finance/production-sources.ts';
import { SqlProductionSources } from './modules/finance/sql-production-sources.ts';
import { PhotoRepository } from './modules/photos/photos.repository.ts';
import { PhotoService } from './modules/photos/photos.service.ts';
import { DeathRepository } from './modules/production/death.repository.ts';
import { HarvestRepository } from './modules/production/harvest.repository.ts';
import { FcmSender, type Fetch } from './modules/push/fcm.ts';
import { PushRepository } from './modules/push/push.repository.ts';
import { type PushSender, PushService, vapidSubject } from './modules/push/push.service.ts';
import { SamplingRepository } from './modules/sampling/sampling.repository.ts';
import { SamplingService } from './modules/sampling/sampling.service.ts';
import { UploadRepository } from './modules/uploads/uploads.repository.ts';
import { UploadService } from './modules/uploads/uploads.service.ts';
import { MembershipRepository } from './modules/user-farm/membership.repository.ts';
import { FileStore } from './storage/file-store.ts';
import { RecordMerge } from './sync/record-merge.ts';
import { createAlertModules } from './wiring/alerts-modules.ts';
import { createAnalysisModules } from './wiring/analysis-modules.ts';
import { createAttentionModules } from './wiring/attention-modules.ts';
import { createChartsModules } from './wiring/charts-modules.ts';
import { createEmbedModules } from './wiring/embed-modules.ts';
import { createErrorsModules } from './wiring/errors-modules.ts';
import { createFarmModules } from './wiring/farm-modules.ts';
import { createFinanceModules } from './wiring/finance-modules.ts';
import { createForecastModules } from './wiring/forecast-modules.ts';
import { createLarvaeModules } from './wiring/larvae-modules.ts';
import { createProbesModules } from './wiring/probes-modules.ts';
import { createProductionModules } from './wiring/production-modules.ts';
import { createRecordsModules } from './wiring/records-modules.ts';
import { createReportsModules } from './wiring/reports-modules.ts';
import { createWarehouseModules } from './wiring/warehouse-modules.ts';
import { createWaterModules } from './wiring/water-modules.ts';

/** What the object graph is built over: the pool, and the outside world tests replace. */
export interface ContextDeps {
  db: Db;
  /** Override message delivery (tests); default: SMTP when configured, else the dev outbox. */
  providers?: Partial<Record<'email' | 'sms', MessageProvider>>;
  /** Override the Web Push transport (tests post to a local push service); default web-push over HTTPS. */
  pushSender?: PushSender;
  /** Override the HTTP client of Firebase Cloud Messaging (tests stand in for Google's endpoints). */
  fcmFetch?: Fetch;
  /** Override finance's production and warehouse readers (tests); default: the built-in ones. */
  productionSources?: ProductionSources;
  /** Override the HTTP client of the hosted chat REST API (tests assert its requests). */
  hostedChatFetch?: Fetch;
  /** Override the link previews' safe fetch (tests reach a page on this machine). */
  linkPreviewFetch?: SafeFetchOptions;
}

/**
 * The object graph of one server instance: repositories over the pool, services over
 * repositories. Built once in buildApp; routes receive it instead of importing singletons.
 */
export function createContext(config: Config, deps: ContextDeps, log: (line: string) => void) {
  const { db } = deps;
  const devOutboxProvider = new DevOutboxProvider(db, log);
  const messenger = new Messenger({
    email:
      deps.providers?.email ??
      (config.smtpUrl ? new SmtpProvider(config.smtpUrl, config.mailFrom) : devOutboxProvider),
    sms: deps.providers?.sms ?? devOutboxProvider,
  });
  // One LISTEN connection for what crosses instances; started in buildApp.
  const listener = new PgListener(log);
  const users = new UserRepository(db);
  const sessionRepo = new SessionRepository(db);
  const sessions = new SessionService(sessionRepo, { db, listener });
  const codes = new OneTimeCodeService(sessionRepo, config.linkSecret);
  const account = new AccountService({
    users,
    sessionRepo,
    sessions,
    codes,
    messenger,
    linkSecret: config.linkSecret,
    publicUrl: config.publicUrl,
    memberships: new MembershipRepository(db),
  });
  // Memberships kept a few seconds; every instance drops them when access changes anywhere.
  const membershipCache = new MembershipCache(() => listener.listening);
  listener.on('tambak_access', () => membershipCache.clear());
  const farmAccess = new FarmAccess(new FarmAccessRepository(db), membershipCache);
  // Ponds' farms and active cycles kept a few seconds for bulk writes; dropped on every
  // instance when a pond or cycle changes anywhere.
  const pondPlacements = new PondPlacements(() => listener.listening);
  pondPlacements.watchLocalWrites();
  listener.on('tambak_ponds', () => pondPlacements.clear());
  const chat = createChatModules({
    db,
    listener,
    admins: users,
    log,
    sync: { excludeUserIds: config.chatSyncExcludeUserIds, farmIds: config.chatSyncFarmIds },
    calls: { ringTimeoutSeconds: config.callRingTimeoutSeconds, iceServers: config.iceServers },
    hosted: config.providers.hostedChat
      ? new HostedChatRest(config.providers.hostedChat, log, deps.hostedChatFetch)
      : null,
    linkPreviewFetch: deps.linkPreviewFetch,
  });
  const push = new PushService({
    repo: new PushRepository(db),
    db,
    subject: vapidSubject(config.mailFrom, config.publicUrl),
    log,
    send: deps.pushSender,
    fcm: config.providers.fcm ? new FcmSender(config.providers.fcm, db, log, deps.fcmFetch) : null,
  });
  // Farm alerts: evaluated after writes commit, stored per user, pushed (alerts module).
  const { alerts } = createAlertModules({ db, farmAccess, push, log });
  // Offline recipients of a chat message get a Web Push after it committed (never throws).
  // Someone with a socket on this instance is online: no need to ask the database.
  chat.messages.afterStore = (message, recipients) =>
    push.afterChatMessage(
      message,
      recipients.filter((uid) => !chat.hub.has(uid)),
    );
  const farmModules = createFarmModules({
    db,
    farmAccess,
    users,
    messenger,
    alerts,
    log,
    invitations: { linkSecret: config.linkSecret, publicUrl: config.publicUrl },
  });
  // Farm chat groups follow farm membership; the hook never throws (farm-group-sync.ts).
  const syncFarmGroup = (farmId: string) => chat.farmSync.afterFarmChange(farmId);
  farmModules.farms.chatSync = syncFarmGroup;
  farmModules.userFarms.chatSync = syncFarmGroup;
  const uploads = new UploadService(new UploadRepository(db), new FileStore(config.dataDir));
  // Seams between the domains: feed use → FCR and HPP, deaths/harvests/anco → rations.
  const warehouseModules = createWarehouseModules({ db, farmAccess, alerts, log });
  warehouseModules.feeding.sources = sqlRationSources({ db, deaths: new DeathRepository(db) });
  const productionModules = createProductionModules({
    db,
    farmAccess,
    alerts,
    feed: warehouseModules.warehouseUsage,
  });
  const recordsModules = createRecordsModules({ db, farmAccess, alerts });
  const forecastModules = createForecastModules({ db, farmAccess });
  return {
    config,
    db: db as Db,
    listener,
    messenger,
    users,
    sessions,
    account,
    devOutbox: new DevOutboxRepository(db),
    farmAccess,
    pondPlacements,
    ...farmModules,
    ...productionModules,
    ...createWaterModules({ db, farmAccess, alerts }, pondPlacements),
    chat,
    push,
    demo: new DemoService(new DemoRepository(db)),
    uploads,
    photos: new PhotoService({ photos: new PhotoRepository(db), uploads, access: farmAccess }),
    sampling: new SamplingService({
      samplings: new SamplingRepository(db),
      photos: new PhotoRepository(db),
      access: farmAccess,
      merge: new RecordMerge(db),
    }),
    ...warehouseModules,
    ...recordsModules,
    alerts,
    ...createFinanceModules({
      db,
      farmAccess,
      sources:
        deps.productionSources ??
        new SqlProductionSources({
          db,
          harvests: new HarvestRepository(db),
          usage: warehouseModules.warehouseUsage,
          cycles: new CycleRepository(db),
        }),
    }),
    ...createLarvaeModules({ db, farmAccess, dataDir: config.dataDir, log }),
    ...createChartsModules({ db, farmAccess }),
    ...createAnalysisModules({ db, farmAccess }),
    ...createReportsModules({ db, farmAccess, log, forecast: forecastModules.forecast }),
    ...forecastModules,
    ...createAttentionModules({
      db,
      farmAccess,
      overview: productionModules.overview,
      forecast: forecastModules.forecast,
    }),
    ...createEmbedModules({ db, farmAccess }),
    ...createErrorsModules({
      db,
      readers: users,
      distDir: config.staticDir,
      reportsPerMinute: config.errorReportsPerMinute,
      eventsPerMinute: config.errorEventsPerMinute,
    }),
    ...createProbesModules({
      db,
      farmAccess,
      alerts,
      log,
      ratePerMinute: config.probeRatePerMinute,
      mqtt: config.mqtt,
    }),
  };
}

type BuiltContext = ReturnType<typeof createContext>;

declare module './types.ts' {
  /** What createContext builds (see types.ts). */
  interface AppContext extends BuiltContext {}
}
