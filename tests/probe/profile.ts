import { writeFileSync } from 'node:fs';
import { chromium, request as pwRequest } from '@playwright/test';
import { ApiAs, apiFarm, apiSignUp } from '../e2e/support/api-setup.ts';

const origin = 'http://127.0.0.1:3301';
const req = await pwRequest.newContext({ baseURL: origin });
const owner = await apiSignUp(req, 'Prof');
const api = new ApiAs(req, owner.token);
const { farmId } = await apiFarm(api, 'Tambak Sejahtera', ['Kolam 1', 'Kolam 2', 'Kolam 3']);
const user = await api.get('/user');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
const page = await ctx.newPage();
await page.goto(`${origin}/api/health`);
await page.evaluate(
  (v) => localStorage.setItem('tambak:session', v),
  JSON.stringify({ token: owner.token, user }),
);
await page.goto('about:blank');
const cdp = await ctx.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await page.goto(`${origin}/farm/${farmId}/settings`);
await page.waitForTimeout(4000);
const { profile } = await cdp.send('Profiler.stop');
writeFileSync('/tmp/prof-we2.cpuprofile', JSON.stringify(profile));
await browser.close();
await req.dispose();
