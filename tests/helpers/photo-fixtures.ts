import sharp from 'sharp';
import { v7 as uuidv7 } from 'uuid';
import type { App } from '../../src/server/app.ts';
import { multipart } from './multipart.ts';

/** A real JPEG of `width`×`height` (a colour gradient, so it compresses like a photo). */
export async function jpegBytes(width = 64, height = 48, seed = 0): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 4 + seed) % 256;
      raw[i + 1] = (y * 4) % 256;
      raw[i + 2] = (seed * 7) % 256;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A cycle (started 30 days ago) and a sampling in `pondId`, written straight into the database. */
export async function insertSampling(
  app: App,
  at: { farmId: string; pondId: string; createdBy: string },
): Promise<{ cycleId: string; samplingId: string }> {
  const db = app.ctx.db;
  const active = await db
    .selectFrom('cycles')
    .select('id')
    .where('pond_id', '=', at.pondId)
    .where('end_date', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const cycleId = active?.id ?? uuidv7();
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  if (!active) {
    const n = await db.selectFrom('cycles').select('id').where('pond_id', '=', at.pondId).execute();
    await db
      .insertInto('cycles')
      .values({
        id: cycleId,
        farm_id: at.farmId,
        pond_id: at.pondId,
        cycle_number: n.length + 1,
        start_date: day(-30),
        created_by: at.createdBy,
      })
      .execute();
  }
  const samplingId = uuidv7();
  await db
    .insertInto('samplings')
    .values({
      id: samplingId,
      farm_id: at.farmId,
      pond_id: at.pondId,
      cycle_id: cycleId,
      sampled_on: day(-1),
      shrimp_count: 50,
      sample_weight: 400,
      created_by: at.createdBy,
    })
    .execute();
  return { cycleId, samplingId };
}

/** The multipart body of `POST /api/photos`: the text fields first, then the file. */
export function photoBody(
  fields: Record<string, string>,
  file: { data: Buffer | string; filename?: string; type?: string },
): { payload: Buffer; headers: Record<string, string> } {
  return multipart(...Object.entries(fields).map(([field, data]) => ({ field, data })), {
    field: 'file',
    filename: file.filename ?? 'foto.jpg',
    type: file.type ?? 'image/jpeg',
    data: file.data,
  });
}
