import { createServer, type Server } from 'node:net';
// Types only here: the broker and the client load when MQTT is configured (a server
// without probes does not hold their code; issue 32, ≤ 100 MB at idle).
import type { Aedes, AuthenticateError, Client } from 'aedes';
import type { MqttClient } from 'mqtt';
import type { LiveProbeDevice } from './probe-device.repository.ts';
import { probeTopic } from './probe-device.service.ts';
import { type ProbeIngestService, parseProbeMessage } from './probe-ingest.service.ts';

/** What the MQTT side reads of the server's configuration (config.ts `mqtt`). */
export interface ProbeMqttConfig {
  url: string | null;
  username: string | null;
  password: string | null;
  embedded: boolean;
  port: number;
  host: string;
}

/** The devices' topic, read back: farm and device ids. */
const TOPIC = /^tambak\/([0-9a-f-]{36})\/([0-9a-f-]{36})\/readings$/;

/** Turns a device key into its live device (ProbeDeviceService.authenticate). */
type Authenticate = (key: string | undefined) => Promise<LiveProbeDevice | null>;

function authError(message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: 4 }) as AuthenticateError;
}

/**
 * Probe readings over MQTT (issue 27 point 3, ADR 0066), into the same ingestion as HTTP:
 * - `MQTT_EMBEDDED=1`: an embedded broker (aedes) on MQTT_PORT; a device logs in with its
 *   id as username and its key as password, may publish only to its own topic
 *   `tambak/<farm>/<device>/readings` and subscribe to nothing. A QoS 1 message is
 *   stored *before* the broker sends PUBACK (the publish authorisation hook): a message
 *   the server could not store is not acknowledged, the device sends it again, and the
 *   unique key keeps one copy.
 * - `MQTT_URL`: Tambak subscribes to `tambak/+/+/readings` at QoS 1 on that broker with
 *   a persistent session, and acknowledges a message after storing it (mqtt.js
 *   `handleMessage`). The broker authenticates devices its own way; Tambak still asks
 *   for the device key inside the payload (`"key"`) and the topic's farm and device.
 * A malformed, refused or flooding message is acknowledged and dropped (logged): sending
 * it again would change nothing.
 */
export class ProbeMqtt {
  private broker: Aedes | null = null;
  private server: Server | null = null;
  private client: MqttClient | null = null;
  private readonly keys = new WeakMap<Client, string>();
  /** The embedded broker's port once listening (MQTT_PORT=0 picks a free one). */
  port: number | null = null;
  private markSubscribed: () => void = () => undefined;
  /** Resolves once the subscription to the outside broker (MQTT_URL) first holds. */
  readonly subscribed = new Promise<void>((resolve) => {
    this.markSubscribed = resolve;
  });

  constructor(
    private readonly config: ProbeMqttConfig,
    private readonly d: {
      ingest: ProbeIngestService;
      authenticate: Authenticate;
      log: (line: string) => void;
    },
  ) {}

  async start(): Promise<void> {
    if (this.config.url) await this.subscribe(this.config.url);
    else if (this.config.embedded) await this.serve();
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (client) await client.endAsync().catch(() => undefined);
    const server = this.server;
    this.server = null;
    const broker = this.broker;
    this.broker = null;
    if (broker) await new Promise<void>((resolve) => broker.close(() => resolve()));
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * One message of `topic` into ingestion. Resolves when it is stored or dropped for good;
   * rejects only when the database failed (the message is then not acknowledged).
   */
  private async handle(topic: string, payload: Buffer, known: LiveProbeDevice | null): Promise<void> {
    const match = TOPIC.exec(topic);
    const message = parseProbeMessage(payload);
    if (!match || !message) {
      this.d.log(`[probes] mqtt: malformed message on ${topic.slice(0, 120)} dropped`);
      return;
    }
    const device = known ?? (await this.d.authenticate(message.key));
    if (!device || device.farm_id !== match[1] || device.id !== match[2]) {
      this.d.log(`[probes] mqtt: message on ${topic} without a valid key for its device dropped`);
      return;
    }
    try {
      // Acknowledged once stored; the pond's alert evaluation follows on its own chain.
      const result = await this.d.ingest.ingest(device, message, { awaitAlerts: false });
      if (result.refused.length > 0)
        this.d.log(`[probes] mqtt: device ${device.id}: ${result.refused.length} reading(s) refused`);
    } catch (error) {
      if ((error as { code?: string }).code === 'device-rate-limited') return;
      throw error;
    }
  }

  private async serve(): Promise<void> {
    const { Aedes } = await import('aedes');
    const broker = await Aedes.createBroker({
      authenticate: (client, username, password, done) => {
        const key = password?.toString();
        this.d
          .authenticate(key)
          .then((device) => {
            if (!device || device.id !== username) return done(authError('bad device id or key'), false);
            this.keys.set(client, key as string);
            return done(null, true);
          })
          .catch(() => done(authError('unavailable'), false));
      },
      authorizePublish: (client, packet, done) => {
        const key = client ? this.keys.get(client) : undefined;
        if (!client || !key) return done(new Error('not authenticated'));
        // The key's own device and topic only; checked again per message so a revoked key stops at once.
        this.d
          .authenticate(key)
          .then(async (device) => {
            if (!device || packet.topic !== probeTopic(device.farm_id, device.id))
              return done(new Error('topic not allowed'));
            // The device this key is, just checked: one lookup a message.
            await this.handle(packet.topic, packet.payload as Buffer, device);
            // Stored: nothing for other subscribers (there are none; devices cannot subscribe).
            return done(null);
          })
          .catch((error: Error) => {
            this.d.log(`[probes] mqtt: message not stored (${error.message}); not acknowledged`);
            done(error);
          });
      },
      // Devices only publish: a subscription is refused (SUBACK 0x80), the connection kept.
      authorizeSubscribe: (_client, _subscription, done) => done(null, null),
    });
    const server = createServer(broker.handle);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.port, this.config.host, () => resolve());
    });
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : this.config.port;
    this.broker = broker;
    this.server = server;
    this.d.log(`[probes] embedded MQTT broker on ${this.config.host}:${this.port}`);
  }

  /**
   * Connects in the background: an outside broker that is down does not stop the server
   * from starting; mqtt.js tries again every 2 s and subscribes on each connect.
   */
  private async subscribe(url: string): Promise<void> {
    const { connect } = await import('mqtt');
    const client = connect(url, {
      clientId: 'tambak-probes',
      clean: false,
      reconnectPeriod: 2000,
      ...(this.config.username ? { username: this.config.username } : {}),
      ...(this.config.password ? { password: this.config.password } : {}),
    });
    // Acknowledged after the message is stored; a failure leaves it unacknowledged for redelivery.
    client.handleMessage = (packet, callback) => {
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      this.handle(packet.topic, payload, null).then(
        () => callback(),
        (error: Error) => {
          this.d.log(`[probes] mqtt: message not stored (${error.message}); not acknowledged`);
          callback(error);
        },
      );
    };
    const host = new URL(url).host;
    client.on('connect', () => {
      client.subscribe('tambak/+/+/readings', { qos: 1 }, (error) => {
        if (error) return this.d.log(`[probes] subscribing on ${host} failed: ${error.message}`);
        this.d.log(`[probes] subscribed to tambak/+/+/readings on ${host}`);
        this.markSubscribed();
      });
    });
    client.on('error', (error) => this.d.log(`[probes] mqtt ${host}: ${error.message}`));
    this.client = client;
  }
}
