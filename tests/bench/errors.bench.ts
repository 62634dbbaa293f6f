/**
 * Error reports (issue 30 point 1, ADR 0067): how fast the server takes full reports (50
 * events of 10 frames, the most a device sends at once) from many devices, and what a
 * flood from one device costs the API: its answers (202 then 429) and the time of a health
 * check meanwhile. Figures, no pass/fail. What capture adds to the first download is
 * printed by bundle-size.bench.ts.
 *
 *   node --import tsx tests/bench/errors.bench.ts [devices=200]
 */
import { startBenchApp } from '../helpers/bench-app.ts';

const DEVICES = Number(process.argv[2] ?? 200);
const at = new Date().toISOString();

const report = (device: string, n: number) => ({
  device_id: device,
  release: 'bench',
  sessions: [{ session_id: `${device}-s`, started_at: at }],
  events: Array.from({ length: n }, (_, i) => ({
    kind: 'error',
    name: 'TypeError',
    message: `Cannot read properties of undefined (bench ${i % 20})`,
    frames: Array.from({ length: 10 }, (_, f) => ({
      fn: `f${f}`,
      file: '/assets/shell-Ab12Cd.js',
      line: 1,
      col: 100 + f + i,
    })),
    route: '/farm/$farm_id',
    session_id: `${device}-s`,
    count: 1,
    first_seen: at,
    last_seen: at,
  })),
});

async function main() {
  const { app, stop } = await startBenchApp();
  try {
    const post = (body: unknown, ip: string) =>
      app.inject({
        method: 'POST',
        url: '/api/errors/report',
        headers: { 'x-forwarded-for': ip, 'content-type': 'application/json' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
    const healthTimes = async (n: number) => {
      const times: number[] = [];
      for (let i = 0; i < n; i += 1) {
        const t = performance.now();
        await app.inject({ url: '/api/health' });
        times.push(performance.now() - t);
      }
      return times.sort((a, b) => a - b);
    };
    const quiet = await healthTimes(20);
    let start = performance.now();
    const answers = await Promise.all(
      Array.from({ length: DEVICES }, (_, d) =>
        post(report(`bench-device-${d}`, 50), `10.9.${d >> 8}.${d & 255}`),
      ),
    );
    let ms = performance.now() - start;
    const ok = answers.filter((a) => a.statusCode === 202).length;
    console.log(
      `${DEVICES} devices × 50 events: ${ok} reports stored in ${ms.toFixed(0)} ms, ${((DEVICES * 50) / (ms / 1000)).toFixed(0)} events/s`,
    );

    // A flood: one device sends 1,000 full reports as fast as it can.
    const floodBody = JSON.stringify(report('bench-flood-1', 50));
    start = performance.now();
    const flood = Promise.all(Array.from({ length: 1000 }, () => post(floodBody, '10.8.0.1')));
    const health = await healthTimes(20);
    const floodAnswers = await flood;
    ms = performance.now() - start;
    const count = (status: number) => floodAnswers.filter((a) => a.statusCode === status).length;
    console.log(
      `flood of 1000 reports from one device: ${count(202)} × 202, ${count(429)} × 429, others ${1000 - count(202) - count(429)}, in ${ms.toFixed(0)} ms`,
    );
    console.log(
      `health check: quiet p50 ${quiet[10].toFixed(1)} ms, max ${quiet[19].toFixed(1)} ms; during the flood p50 ${health[10].toFixed(1)} ms, max ${health[19].toFixed(1)} ms`,
    );
  } finally {
    await stop();
  }
}

void main();
