import type { DemoFarm } from '#shared/contracts/demo';
import { AppError } from '../../errors.ts';
import type { DemoRepository } from './demo.repository.ts';

/**
 * The demo farm as a visitor sees it: anyone signed in may open it, always read-only
 * (role 4 with view access; its permissions are set by the loader, scripts/demo-data.ts).
 */
export class DemoService {
  constructor(private readonly repo: DemoRepository) {}

  async status(userId: string): Promise<DemoFarm> {
    const farm = await this.repo.demoFarm();
    if (!farm) return { available: false, farm_id: null, joined: false };
    return { available: true, farm_id: farm.id, joined: await this.repo.isMember(farm.id, userId) };
  }

  /** Idempotent: a second join keeps the one membership. */
  async join(userId: string): Promise<DemoFarm> {
    const farm = await this.repo.demoFarm();
    if (!farm) throw new AppError('demo-unavailable');
    await this.repo.addViewer(farm.id, userId);
    return { available: true, farm_id: farm.id, joined: true };
  }
}
