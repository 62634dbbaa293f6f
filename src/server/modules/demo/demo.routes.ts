import { DemoFarm } from '#shared/contracts/demo';
import { Envelope } from '#shared/contracts/envelope';
import type { Api, AppContext } from '../../types.ts';

const tags = ['demo'];

/** HTTP only: the demo farm's availability and the read-only join. */
export function demoRoutes(api: Api, ctx: AppContext): void {
  const { demo } = ctx;

  api.get('/demo', { schema: { tags, response: { 200: Envelope(DemoFarm) } } }, async (req) => ({
    message: req.t('server.ok'),
    data: await demo.status(req.user.id),
  }));

  api.post('/demo/join', { schema: { tags, response: { 200: Envelope(DemoFarm) } } }, async (req) => ({
    message: req.t('server.ok'),
    data: await demo.join(req.user.id),
  }));
}
