/// <reference lib="webworker" />
/**
 * The counting engine in a module Web Worker: the same code as the server's job
 * (src/shared/larvae), so a hatchery without signal counts too. OpenCV (7 MB, WASM
 * inside) is imported here only, so it lives in this worker's own chunk: not in the first
 * load, not precached; the service worker keeps it on first use (sw/larvae-cache.ts).
 * Message in: { photo: Blob, hatchColor }; out: { stage } while working, then
 * { result } or { error }.
 */
import './opencv-global.ts';
import * as cvModule from '@techstark/opencv-js';
import { countLarvae } from '#shared/larvae/count-larvae';
import { readyOpenCv } from '#shared/larvae/opencv';
import type { HatchColor } from '#shared/larvae/types';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = async (event: MessageEvent<{ photo: Blob; hatchColor: HatchColor }>) => {
  try {
    self.postMessage({ stage: 'engine' });
    const { cv } = await readyOpenCv(cvModule);
    self.postMessage({ stage: 'counting' });
    let bitmap: ImageBitmap;
    try {
      bitmap = await createImageBitmap(event.data.photo);
    } catch {
      self.postMessage({ result: { ok: false, problem: 'image-unreadable', width: 0, height: 0 } });
      return;
    }
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d context');
    context.drawImage(bitmap, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    bitmap.close();
    self.postMessage({ result: countLarvae(cv, { rgba: data, width, height }, event.data.hatchColor) });
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
