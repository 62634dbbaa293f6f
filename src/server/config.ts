import { type ProviderConfig, providerConfig } from './provider-config.ts';

/**
 * Server configuration, read from the environment once at start and validated, so a
 * wrong value stops the process with a clear message instead of failing later.
 * README.md lists every variable with its default.
 */
export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Any PostgreSQL; when empty the embedded cluster under dataDir/postgres is used. */
  databaseUrl: string | null;
  dataDir: string;
  /** How long the start waits for the database to answer its first connection. */
  databaseConnectTimeoutSeconds: number;
  embeddedPgPort: number;
  /** Public base URL used in mailed links. */
  publicUrl: string;
  /** Secret for signed reset / verification links. */
  linkSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  corsOrigins: string[];
  rateLimitPerMinute: number;
  /** Per-IP limit on sign-in, code and reset endpoints (brute force). */
  authRateLimitPerMinute: number;
  /** Serve the built PWA from this folder (history-mode fallback); null to disable. */
  staticDir: string | null;
  supportUrl: string;
  logLevel: string;
  /** `text`: one plain line per event (default); `json`: pino's JSON lines. */
  logFormat: 'text' | 'json';
  /** Users never put into farm chat groups (users.id); empty: nobody excluded. */
  chatSyncExcludeUserIds: string[];
  /** Farms whose chat group is kept in step; empty: every farm. */
  chatSyncFarmIds: string[];
  /** Seconds a call rings before it is marked unanswered (CALL_RING_TIMEOUT_SECONDS). */
  callRingTimeoutSeconds: number;
  /** STUN/TURN servers handed to call parties; empty (LAN/loopback) by default. */
  iceServers: IceServerConfig[];
  /** FCM and hosted chat: on only when fully configured (provider-config.ts). */
  providers: ProviderConfig;
  /** Water-quality probes' MQTT (issue 27, docs/operations.md). */
  mqtt: MqttConfig;
  /** Messages one probe device may send a minute (HTTP and MQTT together). */
  probeRatePerMinute: number;
  /** Error reports one device (and one address) may send a minute (ADR 0067). */
  errorReportsPerMinute: number;
  /** Error events one device may add a minute; more are dropped (ADR 0067). */
  errorEventsPerMinute: number;
}

/**
 * MQTT_URL: subscribe to that broker (any MQTT 3.1.1/5; MQTT_USERNAME / MQTT_PASSWORD for
 * Tambak's own login there). Else MQTT_EMBEDDED=1: serve an embedded broker on MQTT_PORT
 * (default 1883) where devices log in with their id and key. Neither: no MQTT.
 */
export interface MqttConfig {
  url: string | null;
  username: string | null;
  password: string | null;
  embedded: boolean;
  port: number;
  host: string;
}

export interface IceServerConfig {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** ICE_SERVERS (JSON array) wins; otherwise STUN_URLS (comma-separated) and TURN_URL + credentials. */
function iceServers(env: Env): IceServerConfig[] {
  const raw = env.ICE_SERVERS?.trim();
  if (raw) {
    let list: unknown;
    try {
      list = JSON.parse(raw);
    } catch {
      throw new ConfigError('ICE_SERVERS must be a JSON array of {urls, username?, credential?}');
    }
    const ok =
      Array.isArray(list) &&
      list.every(
        (s) =>
          s &&
          typeof s === 'object' &&
          (typeof s.urls === 'string' ||
            (Array.isArray(s.urls) && s.urls.every((u: unknown) => typeof u === 'string'))) &&
          (s.username === undefined || typeof s.username === 'string') &&
          (s.credential === undefined || typeof s.credential === 'string'),
      );
    if (!ok) throw new ConfigError('ICE_SERVERS must be a JSON array of {urls, username?, credential?}');
    return list as IceServerConfig[];
  }
  const servers: IceServerConfig[] = [];
  const stun = (env.STUN_URLS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (stun.length > 0) servers.push({ urls: stun });
  const turn = env.TURN_URL?.trim();
  if (turn)
    servers.push({ urls: turn, username: env.TURN_USERNAME ?? '', credential: env.TURN_CREDENTIAL ?? '' });
  return servers;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function url(env: Env, name: string, fallback: string | null): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  try {
    new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${raw}"`);
  }
  return raw;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidList(env: Env, name: string): string[] {
  const ids = (env[name] ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const bad = ids.find((id) => !UUID.test(id));
  if (bad) throw new ConfigError(`${name} must be a comma-separated list of ids, got "${bad}"`);
  return ids;
}

function logFormat(raw: string | undefined): 'text' | 'json' {
  if (raw === undefined || raw === '' || raw === 'text') return 'text';
  if (raw === 'json') return 'json';
  throw new ConfigError(`LOG_FORMAT must be text or json, got "${raw}"`);
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnv)) {
    throw new ConfigError(`NODE_ENV must be development, production or test, got "${nodeEnv}"`);
  }
  const port = int(env, 'PORT', 3000, 0, 65535);
  const linkSecret = env.LINK_SECRET ?? '';
  if (nodeEnv === 'production' && linkSecret.length < 32) {
    throw new ConfigError('LINK_SECRET must be set to at least 32 characters in production');
  }
  return {
    env: nodeEnv as Config['env'],
    host: env.HOST || '127.0.0.1',
    port,
    databaseUrl: url(env, 'DATABASE_URL', null),
    databaseConnectTimeoutSeconds: int(env, 'DATABASE_CONNECT_TIMEOUT_SECONDS', 10, 1, 600),
    dataDir: env.DATA_DIR || './data',
    embeddedPgPort: int(env, 'EMBEDDED_PG_PORT', 54329, 1024, 65535),
    publicUrl: url(env, 'PUBLIC_URL', `http://localhost:${port}`) as string,
    linkSecret: linkSecret || 'development-only-link-secret-change-me',
    smtpUrl: url(env, 'SMTP_URL', null),
    mailFrom: env.MAIL_FROM || 'Tambak <no-reply@tambak.local>',
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
    authRateLimitPerMinute: int(env, 'AUTH_RATE_LIMIT_PER_MINUTE', 20, 1, 1_000_000),
    staticDir: env.STATIC_DIR === '' ? null : env.STATIC_DIR || './dist',
    supportUrl: url(env, 'SUPPORT_URL', 'https://wa.me/6281100000000') as string,
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'warn' : 'info'),
    logFormat: logFormat(env.LOG_FORMAT),
    chatSyncExcludeUserIds: uuidList(env, 'CHAT_SYNC_EXCLUDE_USER_IDS'),
    chatSyncFarmIds: uuidList(env, 'CHAT_SYNC_FARM_IDS'),
    callRingTimeoutSeconds: int(env, 'CALL_RING_TIMEOUT_SECONDS', 45, 5, 600),
    iceServers: iceServers(env),
    providers: providerConfig(env),
    mqtt: {
      url: url(env, 'MQTT_URL', null),
      username: env.MQTT_USERNAME || null,
      password: env.MQTT_PASSWORD || null,
      embedded: !env.MQTT_URL?.trim() && env.MQTT_EMBEDDED === '1',
      port: int(env, 'MQTT_PORT', 1883, 0, 65535),
      host: env.MQTT_HOST || env.HOST || '127.0.0.1',
    },
    probeRatePerMinute: int(env, 'PROBE_RATE_PER_MINUTE', 120, 1, 100_000),
    errorReportsPerMinute: int(env, 'ERROR_REPORTS_PER_MINUTE', 20, 1, 100_000),
    errorEventsPerMinute: int(env, 'ERROR_EVENTS_PER_MINUTE', 100, 1, 100_000),
  };
}
