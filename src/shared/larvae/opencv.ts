/**
 * The few OpenCV (WebAssembly, `@techstark/opencv-js`) calls the larvae engine uses,
 * typed narrowly, and the one loader shared by Node (server job, eval, benches) and the
 * browser (the counting Web Worker). The package is a 7 MB script with the WASM inside;
 * `import()` keeps it out of every first-load chunk (Vite puts it in its own lazy chunk).
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
  COLOR_RGBA2GRAY: number;
  INTER_AREA: number;
  INTER_LINEAR: number;
  THRESH_BINARY: number;
  THRESH_OTSU: number;
  MORPH_OPEN: number;
  MORPH_ELLIPSE: number;
  MORPH_RECT: number;
  cvtColor(src: CvMat, dst: CvMat, code: number): void;
  resize(src: CvMat, dst: CvMat, size: CvSize, fx: number, fy: number, interpolation: number): void;
  medianBlur(src: CvMat, dst: CvMat, k: number): void;
  blur(src: CvMat, dst: CvMat, size: CvSize): void;
  GaussianBlur(src: CvMat, dst: CvMat, size: CvSize, sigma: number): void;
  threshold(src: CvMat, dst: CvMat, thresh: number, maxval: number, type: number): number;
  getStructuringElement(shape: number, size: CvSize): CvMat;
  morphologyEx(src: CvMat, dst: CvMat, op: number, kernel: CvMat): void;
  connectedComponentsWithStats(src: CvMat, labels: CvMat, stats: CvMat, centroids: CvMat, connectivity: number): number;
  CC_STAT_AREA: number;
}

let loading: Promise<{ cv: Cv }> | null = null;

/**
 * Loads OpenCV once; resolves when its WebAssembly runtime is ready. The answer is
 * wrapped (`{ cv }`): the Emscripten Module is "thenable", and a promise resolved with it
 * calls its `then` forever.
 */
export function loadOpenCv(): Promise<{ cv: Cv }> {
  loading ??= import('@techstark/opencv-js').then((mod) => {
    const cv = ((mod as { default?: unknown }).default ?? mod) as Cv & { onRuntimeInitialized?: () => void };
    return new Promise<{ cv: Cv }>((resolve) => {
      if (typeof cv.Mat === 'function') resolve({ cv });
      else cv.onRuntimeInitialized = () => resolve({ cv });
    });
  });
  return loading;
}
