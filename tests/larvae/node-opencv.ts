import { createRequire } from 'node:module';
import { type Cv, readyOpenCv } from '../../src/shared/larvae/opencv.ts';

/** OpenCV for Node scripts and tests (required synchronously, see readyOpenCv). */
export function loadNodeOpenCv(): Promise<{ cv: Cv }> {
  return readyOpenCv(createRequire(import.meta.url)('@techstark/opencv-js'));
}
