// `npm run probe:sim -- --farm <farm id> --token=<session token> [--ponds 10] [--minutes 60]
//   [--rate 1m] [--via http|mqtt] [--url http://127.0.0.1:3000] [--mqtt mqtt://127.0.0.1:1883]
//   [--outside-broker] [--crash-pond 1] [--crash-at <ISO>] [--live] [--seed 1]`
// Simulated water-quality probes (issue 27 point 5): registers one probe (DO, pH,
// temperature) on each of the farm's first `--ponds` ponds with the owner's or a
// manager's session token (kept with their keys in data/probe-sim/<farm>.json, reused on
// the next run), then sends readings every `--rate`: by default the last `--minutes` at
// once (a backlog, for demos and tests), with `--live` one round per `--rate` as it
// happens for `--minutes`. The crash pond's DO falls to about 2 mg/L from `--crash-at`
// (default: the middle of the window).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { instants, parseRate, readingsAt } from './probe-sim/model.ts';
import { httpSender, mqttSender, type Sender, type SimDevice } from './probe-sim/send.ts';

const { values } = parseArgs({
  options: {
    farm: { type: 'string' },
    token: { type: 'string', default: process.env.TAMBAK_TOKEN },
    ponds: { type: 'string', default: '10' },
    minutes: { type: 'string', default: '60' },
    rate: { type: 'string', default: '1m' },
    via: { type: 'string', default: 'http' },
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    mqtt: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
    'outside-broker': { type: 'boolean', default: false },
    'crash-pond': { type: 'string', default: '1' },
    'crash-at': { type: 'string' },
    'keys-file': { type: 'string' },
    live: { type: 'boolean', default: false },
    seed: { type: 'string', default: '1' },
  },
});

const ponds = Number(values.ponds);
const minutes = Number(values.minutes);
const rateMs = parseRate(values.rate ?? '');
const crashPond = Number(values['crash-pond']);
const seed = Number(values.seed);
if (
  !values.farm ||
  !values.token ||
  !Number.isInteger(ponds) ||
  ponds < 1 ||
  ponds > 200 ||
  !(minutes > 0 && minutes <= 7 * 24 * 60) ||
  rateMs === null ||
  !['http', 'mqtt'].includes(values.via ?? '')
) {
  console.error(
    'Usage: npm run probe:sim -- --farm <farm id> --token=<session token> [--ponds 1..200] [--minutes N] [--rate 10s|1m|5m] [--via http|mqtt] [--url …] [--mqtt …] [--outside-broker] [--crash-pond n (0: none)] [--crash-at ISO] [--live] [--seed n]',
  );
  process.exit(2);
}
const farmId = values.farm;
const baseUrl = (values.url ?? '').replace(/\/$/, '');
const keysFile = values['keys-file'] ?? join('data', 'probe-sim', `${farmId}.json`);

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${values.token}`, ...init.headers },
  });
  const body = (await res.json()) as { data: T; message: string };
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${body.message}`);
  return body.data;
}

/** The farm's first ponds with a simulated probe each, registered once and kept in the keys file. */
async function devices(): Promise<SimDevice[]> {
  let known: SimDevice[] = [];
  try {
    known = JSON.parse(readFileSync(keysFile, 'utf8')) as SimDevice[];
  } catch {
    known = [];
  }
  const list = await api<{ pond_id: string; name: string; deleted_at?: string | null }[]>(
    `/pond?farm_id=${farmId}`,
  );
  const live = await api<{ id: string; revoked_at: string | null }[]>(`/probeDevice?farm_id=${farmId}`);
  const usable = new Set(live.filter((d) => !d.revoked_at).map((d) => d.id));
  const out: SimDevice[] = [];
  for (const pond of list.filter((p) => !p.deleted_at).slice(0, ponds)) {
    const kept = known.find((d) => d.pondId === pond.pond_id && usable.has(d.id));
    if (kept) {
      out.push(kept);
      continue;
    }
    const made = await api<{ device: { id: string; topic: string }; key: string }>('/probeDevice', {
      method: 'POST',
      body: JSON.stringify({
        farm_id: farmId,
        pond_id: pond.pond_id,
        name: `Simulator ${pond.name}`.slice(0, 80),
        parameters: ['do', 'ph', 'temperature'],
      }),
    });
    out.push({
      pondId: pond.pond_id,
      pondName: pond.name,
      id: made.device.id,
      key: made.key,
      topic: made.device.topic,
    });
  }
  mkdirSync(dirname(keysFile), { recursive: true });
  writeFileSync(
    keysFile,
    JSON.stringify([...known.filter((k) => !out.some((o) => o.id === k.id)), ...out], null, 2),
    {
      mode: 0o600,
    },
  );
  return out;
}

const sim = await devices();
if (sim.length === 0) {
  console.error('The farm has no ponds.');
  process.exit(1);
}
const sender: Sender & { close?: () => Promise<void> } =
  values.via === 'mqtt' ? mqttSender(values.mqtt ?? '', !values['outside-broker']) : httpSender(baseUrl);

const step = rateMs;
const now = new Date();
const windowStart = values.live ? now : new Date(now.getTime() - minutes * 60_000);
const windowEnd = values.live ? new Date(now.getTime() + minutes * 60_000) : now;
const crashAt = values['crash-at']
  ? new Date(values['crash-at'])
  : new Date((windowStart.getTime() + windowEnd.getTime()) / 2);
const models = sim.map((_device, index) => ({ index, crashAt: crashPond === index + 1 ? crashAt : null }));
console.log(
  `probe:sim ${sim.length} probe(s) of farm ${farmId} via ${values.via}, every ${values.rate}; DO crash in ${crashPond > 0 && crashPond <= sim.length ? `${sim[crashPond - 1].pondName} from ${crashAt.toISOString()}` : 'no pond'}`,
);

async function round(at: Date[]): Promise<void> {
  await Promise.all(
    sim.map(async (device, i) => {
      const readings = at.flatMap((t) => readingsAt(models[i], t, seed));
      for (let from = 0; from < readings.length; from += 498) {
        const answer = await sender(device, readings.slice(from, from + 498));
        console.log(`${device.pondName}: ${answer}`);
      }
    }),
  );
}

if (values.live) {
  for (const at of instants(windowStart, windowEnd, step)) {
    const wait = at.getTime() - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await round([at]);
  }
} else {
  await round(instants(windowStart, windowEnd, step));
}
await sender.close?.();
