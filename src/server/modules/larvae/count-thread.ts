/**
 * The worker thread that counts larvae on the server: OpenCV (WASM) runs for a second or
 * two on a 12 MP photo, which must never hold the event loop that answers requests.
 * Loaded once, it answers one message a photo (the RGBA buffer is transferred, not copied).
 */
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { countLarvae } from '#shared/larvae/count-larvae';
import { readyOpenCv } from '#shared/larvae/opencv';
import type { HatchColor, LarvaeResult } from '#shared/larvae/types';

export interface CountRequest {
  seq: number;
  rgba: Uint8Array;
  width: number;
  height: number;
  hatchColor: HatchColor;
}

export type CountReply = { seq: number; result: LarvaeResult } | { seq: number; error: string };

parentPort?.on('message', async (req: CountRequest) => {
  try {
    const { cv } = await readyOpenCv(createRequire(import.meta.url)('@techstark/opencv-js'));
    const result = countLarvae(cv, { rgba: req.rgba, width: req.width, height: req.height }, req.hatchColor);
    parentPort?.postMessage({ seq: req.seq, result } satisfies CountReply);
  } catch (error) {
    parentPort?.postMessage({ seq: req.seq, error: String(error) } satisfies CountReply);
  }
});
