/** Inputs and answers of the larvae-counting engine (count-larvae.ts). */

/** The tray's colour: 'bright' (white basin, larvae darker) or 'dark' (black basin, larvae lighter). */
export type HatchColor = 'bright' | 'dark';
export const HATCH_COLORS: readonly HatchColor[] = ['bright', 'dark'];

export interface LarvaeImage {
  /** RGBA, 4 bytes a pixel, row by row. */
  rgba: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

/** A larva found, in the input image's pixels. */
export interface LarvaMark {
  x: number;
  y: number;
}

/** Why no count is given: each has a translated message (larvae.problem.<code>). */
export type LarvaeProblem = 'no-larvae' | 'too-dark' | 'too-bright' | 'not-a-tray' | 'image-too-small';

/** Why a count is less sure than usual (larvae.quality.<code>): the band is wider. */
export type LarvaeQuality = 'uneven-light' | 'blurry';

export interface LarvaeCount {
  ok: true;
  count: number;
  /** The uncertainty band: the true count lies between these with high confidence. */
  lower: number;
  upper: number;
  marks: LarvaMark[];
  /** Larvae in blobs of one (certain) and the estimated larvae in touching clumps. */
  singles: number;
  inClumps: number;
  /** Conditions that widened the band (empty on a well-lit, sharp photo). */
  quality: LarvaeQuality[];
  width: number;
  height: number;
}

export interface LarvaeFailure {
  ok: false;
  problem: LarvaeProblem;
  width: number;
  height: number;
}

export type LarvaeResult = LarvaeCount | LarvaeFailure;

/** The band for a count after marks were corrected by hand: each tap is certain. */
export function correctedBand(
  result: Pick<LarvaeCount, 'count' | 'lower' | 'upper'>,
  markCount: number,
): { count: number; lower: number; upper: number } {
  const delta = markCount - result.count;
  return {
    count: markCount,
    lower: Math.max(0, Math.min(markCount, result.lower + delta)),
    upper: Math.max(markCount, result.upper + delta),
  };
}
