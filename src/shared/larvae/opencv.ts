/**
 * The few OpenCV (WebAssembly, `@techstark/opencv-js`) calls the larvae engine uses,
 * typed narrowly, and the wait for its runtime shared by Node (server job, eval, benches)
 * and the browser (the counting Web Worker). The package is a 7 MB script with the WASM
 * inside; only the worker's lazy chunk imports it in the browser.
 */

export interface CvMat {
  rows: number;
  cols: number;
  data: Uint8Array;
  data32S: Int32Array;
  data32F: Float32Array;
  delete(): void;
}

export interface CvSize {
  width: number;
  height: number;
}

export interface Cv {
  Mat: { new (): CvMat; new (rows: number, cols: number, type: number): CvMat };
  Size: new (w: number, h: number) => CvSize;
  Point: new (x: number, y: number) => unknown;
  CV_8UC1: number;
  CV_8UC4: number;
  CV_32F: number;
  CV_32S: number;
  COLOR_RGBA2GRAY: number;
  INTER_AREA: number;
  INTER_LINEAR: number;
  THRESH_BINARY: number;
  THRESH_OTSU: number;
  MORPH_OPEN: number;
  MORPH_CLOSE: number;
  MORPH_ELLIPSE: number;
  MORPH_RECT: number;
  DIST_L2: number;
  cvtColor(src: CvMat, dst: CvMat, code: number): void;
  resize(src: CvMat, dst: CvMat, size: CvSize, fx: number, fy: number, interpolation: number): void;
  medianBlur(src: CvMat, dst: CvMat, k: number): void;
  blur(src: CvMat, dst: CvMat, size: CvSize): void;
  GaussianBlur(src: CvMat, dst: CvMat, size: CvSize, sigma: number): void;
  threshold(src: CvMat, dst: CvMat, thresh: number, maxval: number, type: number): number;
  getStructuringElement(shape: number, size: CvSize): CvMat;
  morphologyEx(src: CvMat, dst: CvMat, op: number, kernel: CvMat): void;
  distanceTransform(src: CvMat, dst: CvMat, distanceType: number, maskSize: number): void;
  connectedComponents(src: CvMat, labels: CvMat, connectivity: number, ltype: number): number;
  connectedComponentsWithStats(
    src: CvMat,
    labels: CvMat,
    stats: CvMat,
    centroids: CvMat,
    connectivity: number,
  ): number;
  CC_STAT_AREA: number;
}

const ready = new WeakMap<object, Promise<{ cv: Cv }>>();

/**
 * Waits for the OpenCV module's WebAssembly runtime. `mod` is the package's export,
 * obtained SYNCHRONOUSLY by the caller (Node: `createRequire(…)('@techstark/opencv-js')`;
 * the browser worker: a static default import in its own lazy chunk). Never through
 * `import()` or returned from a promise as is: the Emscripten Module is "thenable", and
 * a promise resolved with it calls its `then` forever. Hence the `{ cv }` wrapper.
 */
export function readyOpenCv(mod: unknown): Promise<{ cv: Cv }> {
  const cv = ((mod as { default?: unknown }).default ?? mod) as Cv & { onRuntimeInitialized?: () => void };
  let wait = ready.get(cv);
  if (!wait) {
    wait = new Promise<{ cv: Cv }>((resolve) => {
      if (typeof cv.Mat === 'function') resolve({ cv });
      else cv.onRuntimeInitialized = () => resolve({ cv });
    });
    ready.set(cv, wait);
  }
  return wait;
}
