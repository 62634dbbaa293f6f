import { ms, quantile, withDemoFarm } from '../helpers/bench-demo.ts';
await withDemoFarm(Number(process.argv[2] ?? 20), 730, async ({ app, farmId, headers }) => {
  for (const url of [`/api/attention?farm_id=${farmId}`, `/api/overview?farm_id=${farmId}`, `/api/forecast?farm_id=${farmId}`, `/api/attention?farm_id=${farmId}`]) {
    const times: number[] = [];
    for (let i = 0; i < 23; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url} ${res.statusCode}`);
      if (i >= 3) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(url.split('?')[0], 'p50', ms(quantile(times, 0.5)), 'p95', ms(quantile(times, 0.95)));
  }
});
