/**
 * Counts shrimp post-larvae on a tray photo with OpenCV (WebAssembly). The same code runs
 * in Node (the server's background job, the evaluation, the benches) and in the browser
 * (the counting Web Worker): it takes an RGBA buffer and answers a count, its uncertainty
 * band and the position of every larva, or a problem (too dark, no larvae, …).
 *
 * Steps (all on a copy scaled to WORK_SIDE pixels on the long side):
 * 1. grey; exposure checks (too dark / too bright: only a frame blown out nearly whole);
 * 2. illumination: the large-scale light (a 1/16 median copy) tells a tray from a scene
 *    (over the basin only when it sits in a surround of another light: a table, a floor,
 *    where nothing is counted); each pixel's contrast is its ratio to a background that
 *    follows sharp steps (glare edges, the rim, shadows): a closing (white tray) or
 *    opening (black tray) of a 1/2 copy with a kernel wider than a larva's body;
 * 3. adaptive threshold: above the background noise (median + 8 robust sigma, but never
 *    above half the larvae's own contrast) and above a share of the larvae's contrast; median filter and an opening clean it up; a
 *    mark grows over fainter pixels it touches (hysteresis: a larva's faint abdomen stays
 *    with its head);
 * 4. connected components with area, second moments (elongation) and the largest
 *    inner distance (thickness) each;
 * 5. the single-larva size from confident larvae only: the area mode of larva-shaped
 *    blobs (fragments of a faint larva are many but small, clumps large but fewer); no
 *    count without evidence of larvae (enough separate larvae of one size, each a visible
 *    share of the frame, larva-shaped marks a fair share of all marks, not lined up in
 *    rows like print);
 * 6. a larva's evidence: on a white basin its eyes (a compact spot far darker than its
 *    body) — a mark of any size without them, far paler than a larva, is a rim's edge or
 *    a table's grain; a clump as strong as the larvae it holds (a pale ring is the basin's
 *    edge); what is not a larva is dropped: specks (small), bubbles (round; on a black basin
 *    also a disc of a few larvae' area lit by a catch-light), lumps of debris (stubby and
 *    filled), glare, labels and big debris (thick and solid blobs; a clump of many larvae is
 *    thick but a mesh), on a white basin ink (a label's print merged into solid bars, far
 *    darker on average than the see-through larvae; a single glyph: as dark, and evenly),
 *    fibres, glare streaks and the rim (straight bars), and what lies on the basin's edge
 *    (most of its pixels within half a larva's length of the surround: the rim's shading, a
 *    label over it, the frame's corners; ADR 0097, 0136); a blob of touching or crossing
 *    larvae counts area / the single area (clumps lose a little area where bodies cross:
 *    CROSSING_LOSS), its larvae placed by k-means over its pixels; on a white basin a dark
 *    speck off every kept mark is a faint larva's eyes where the tray around it is crowded
 *    (ADR 0116, 0119);
 * 7. the band: the clumps' own spread, the error of the single area and the engine's
 *    own error on photos it was not tuned on; wider, with the reason ('uneven-light',
 *    'blurry'), when light or focus is poor; its upper side further by a share of the
 *    larvae in clumps (larvae hidden under others: clumps are under-read, never over) and
 *    by the marks left out on the basin's edge (a larva may lie against the wall).
 */
import { type CrowdSpot, frameEquivalentCrowd } from './crowd.ts';
import type { Cv, CvMat } from './opencv.ts';
import type { HatchColor, LarvaeImage, LarvaeQuality, LarvaeResult, LarvaMark } from './types.ts';

const WORK_SIDE = 2400;
/**
 * The step-following background: a closing/opening of a 1/BG_DIV copy, BG_KERNEL wide
 * (38 px at 2,400: wider than a larva's body). At half size (not a quarter) its edge at a
 * step (the basin's rim, a glare patch) is sharp enough that the floor beside the step is
 * not read as a row of larvae.
 */
const BG_DIV = 2;
const BG_KERNEL = 19;
const MIN_SIDE = 240;
/**
 * A crossing hides about width² / sin θ of two bodies; averaged over the angle that is
 * CROSSING_LOSS × width² with this width estimate (area / axis length, which reads long
 * curved bodies short); set on the quick evaluation subset (scripts/larvae/eval.ts --quick).
 */
const CROSSING_LOSS = 0.45;

/** A white basin's floor is lit at least this share of its brighter parts (p90). */
const OFF_TRAY = 0.45;
/** Share of the frame at 250 or more above which it is too bright to count (larvae still show on a glare patch). */
const BLOWN_OUT = 0.6;
/** Large-scale light spread above this: not a tray (a scene). */
const SCENE_SPREAD = 1;
/** On a black basin the lighter floor around it takes more of the frame: a higher limit. */
const SCENE_SPREAD_DARK = 1.6;
/** A basin seen inside its surround covers at least this share of the frame. */
const BASIN_SHARE = 0.3;
/** Off a white basin seen in its surround: lit under this share of the basin's median (a shadow on the basin is lighter). */
const TABLE_SHARE = 0.7;
/** … and the surround's light differs from the basin's by at least this share of it. */
const SURROUND_STEP = 0.35;
/** Large-scale light spread (p90 − p10 over the median) above this: 'uneven-light'. */
const UNEVEN_SPREAD = 0.35;
/** Median elongation of single larvae below this: 'blurry'. */
const BLURRY_ELONGATION = 4.5;
/**
 * The band's half-width beyond the clumps' spread, as a share of the count: the engine's
 * own error on photos it was not tuned on, and more on a poor photo. Calibrated on the
 * evaluation (ADR 0071).
 */
const BAND_SHARE = 0.03;
const POOR_SHARE = 0.04;
/**
 * The band's upper side also holds this share of the larvae counted in clumps: a clump's
 * area hides larvae lying under others and faint ones inside it, so its count can only be
 * short of the truth that way (on the tuning sets every dense photo outside the old band was
 * under-counted; over-counts come from false marks on sparse trays). Calibrated on A, B and
 * E so the band holds the truth on ≥ 90 % of each (ADR 0091).
 */
const CLUMP_HIDDEN = 0.3;
/**
 * The noise floor is at most this share of the larvae's own contrast. The floor is read from
 * the contrast's lower half, taken as the background; on a dense tray that half holds the
 * halos of defocused larvae and the shadows between clumps too, and the floor rose above
 * faint larvae (E-bright-2400-18: 17 % darkening, more than half the larvae's mean; ADR 0091).
 */
const NOISE_CAP = 0.5;
/** Fewer separate larvae of one size than this: nothing countable (an empty tray's specks). */
const MIN_SINGLES = 12;
/** A larva shorter than this share of the photo's long side is not one (print, grains). */
const MIN_LENGTH_SHARE = 0.009;
/** Single marks longer than this many body widths: lines, not larvae. */
const MAX_SLENDERNESS = 16;
/** A mark grows over pixels down to this share of the threshold (hysteresis: a faint abdomen stays with its head). */
const HYSTERESIS = 0.7;
/**
 * A larva's eyes on a white basin: the mark's darkest point darkens the background at least
 * EYE_PEAK and EYE_OVER_BODY times the mark's mean.
 */
const EYE_PEAK = 0.3;
const EYE_OVER_BODY = 1.5;
/**
 * On a white basin, a dark speck off every kept mark, as dark as half the single larvae's
 * darkest point, is the eyes of a larva whose body is too faint or defocused to pass the
 * threshold (ADR 0116): counted as one larva (specks within a third of a larva's length as
 * one), but only where the tray around it is crowded (ADR 0119): the larvae within
 * EYE_SPECK_REACH larva lengths of it (the kept marks, a clump as its larvae, and the
 * other such specks), spread over the whole frame, would make at least EYE_SPECK_CROWD.
 * On a sparse part of a tray a lone speck is as likely debris (generators A and B: +84 %
 * on 50 larvae when every speck counts); debris lies over the frame whatever the larvae
 * do, faint larvae follow the others. Chosen on the tuning sets A, B and E at both sizes.
 */
const EYE_SPECK_PEAK = 0.5;
const EYE_SPECK_REACH = 6;
const EYE_SPECK_CROWD = 600;
/** A mark without eyes whose darkest point is under this share of a larva's: not larvae (any size, ADR 0139). */
const PALE_SHARE = 0.5;
/** A thick mark with more than this share of its pixels deeper than a larva's half-width: solid (glare, a label, a lump). */
const SOLID_CORE = 0.35;
/** A clump holds several larvae: its strongest point is at least this share of a single larva's. */
const PALE_CLUMP = 0.8;
/**
 * A lump of debris (a pale clot on a black basin): under LUMP_AREA single areas, stubby
 * (elongation under LUMP_ELONGATION) and more than LUMP_FILL of its pixels deeper than half a
 * larva's width. Two or three larvae across each other fill under half of their mark.
 */
const LUMP_AREA = 4;
const LUMP_ELONGATION = 3;
const LUMP_FILL = 0.6;
/**
 * Ink on a white basin (the print of a label, a lump of dark debris, an opaque object): a
 * mark of several larvae' area whose mean darkening is at least INK_OVER_BODY times the
 * single larvae's and more than INK_DEPTH of whose pixels lie deeper than a larva's
 * half-width. Larvae are see-through: a clump darkens more only where bodies overlap (at
 * most 1.44 × on the tuning sets' white basins) and its bodies make a mesh; a label's lines
 * of print merge into solid bars 1.6–2.3 × as dark (ADR 0094). Not on a black basin: there
 * the larvae's brightening adds up where they overlap, and dense clumps reach 1.5 ×.
 */
const INK_OVER_BODY = 1.6;
const INK_DEPTH = 0.4;
/** A bubble on a black basin: elongation under BUBBLE_ELONGATION, its brightest point BUBBLE_CATCHLIGHT × its mean. */
const BUBBLE_ELONGATION = 1.1;
const BUBBLE_CATCHLIGHT = 2.5;
/** One mark that is not a larva (a glare streak, a lump) weighs at most this many larvae' area as clutter. */
const CLUTTER_CAP = 6;
/**
 * A mark more than EDGE_SHARE of whose pixels lie within EDGE_REACH of a larva's length of
 * the basin's edge (the pixels off the basin: a white basin's darker surround, a black
 * basin's lighter rim and floor) is not counted: there the step of light leaves a row of
 * larva-sized marks along the rim, the frame's corners and what lies on the surround (a
 * label) (ADR 0097). Its pixels, not its centre: a rim seen as one long ring has its centre
 * mid-basin (for a compact mark the two agree; ADR 0102, 0136). Its larvae' area is added to
 * the band's upper side instead (a larva may lie against the wall).
 */
const EDGE_REACH = 0.5;
const EDGE_SHARE = 0.5;
/** Larva-shaped marks below this share of all marks of their size: not a tray of larvae. */
const MIN_LARVA_SHAPED = 0.15;

interface Blob {
  label: number;
  area: number;
  cx: number;
  cy: number;
  elongation: number;
  thickness: number;
  /** Length along the main axis (a thin rod: √(12 λ1)). */
  length: number;
  /**
   * The strongest point's contrast in the tray's sense (darkening 1 − grey / background on
   * a white basin, brightening on a black one) and the mark's mean contrast.
   */
  peak: number;
  meanDark: number;
}

function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(p * (sorted.length - 1))))];
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return percentile(s, 0.5);
}

/** Histogram-based percentiles of an 8-bit buffer. */
function greyStats(data: Uint8Array): {
  p01: number;
  p10: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  saturated: number;
} {
  const hist = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) hist[data[i]]++;
  const at = (p: number) => {
    const target = p * data.length;
    let acc = 0;
    for (let v = 0; v < 256; v++) {
      acc += hist[v];
      if (acc >= target) return v;
    }
    return 255;
  };
  let sat = 0;
  for (let v = 250; v < 256; v++) sat += hist[v];
  return {
    p01: at(0.01),
    p10: at(0.1),
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    p999: at(0.999),
    saturated: sat / data.length,
  };
}

export function countLarvae(cv: Cv, image: LarvaeImage, hatchColor: HatchColor): LarvaeResult {
  const { width, height } = image;
  const fail = (problem: 'no-larvae' | 'too-dark' | 'too-bright' | 'not-a-tray' | 'image-too-small') =>
    ({ ok: false, problem, width, height }) as const;
  if (Math.min(width, height) < MIN_SIDE) return fail('image-too-small');

  const mats: CvMat[] = [];
  const track = <T extends CvMat>(m: T): T => {
    mats.push(m);
    return m;
  };
  try {
    const rgba = track(new cv.Mat(height, width, cv.CV_8UC4));
    rgba.data.set(image.rgba.subarray(0, width * height * 4));
    const greyFull = track(new cv.Mat());
    cv.cvtColor(rgba, greyFull, cv.COLOR_RGBA2GRAY);
    const scale = Math.min(1, WORK_SIDE / Math.max(width, height));
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    let grey = greyFull;
    if (scale < 1) {
      grey = track(new cv.Mat());
      cv.resize(greyFull, grey, new cv.Size(w, h), 0, 0, cv.INTER_AREA);
    }
    // OpenCV's WASM heap grows while the later Mats are made (a 12 MP photo's first count
    // in a fresh worker): a view of the heap taken now would then be detached and read as
    // empty — every eye, ink, bubble and edge rule silently off (ADR 0100). What is read
    // after later allocations is copied out of the heap.
    const g = grey.data.slice();

    // 1. Exposure.
    const stats = greyStats(g);
    // A black basin with few larvae is mostly dark: only when even its brightest few
    // pixels (the larvae) are dark is nothing visible.
    const brightest = hatchColor === 'dark' ? stats.p999 : stats.p99;
    if (brightest < 40 || (hatchColor === 'bright' && stats.p50 < 60)) return fail('too-dark');
    // Larvae still darken a white basin where glare blows it out (a blown-out patch is
    // reported as uneven light, below); only a frame blown out nearly whole is refused.
    if (stats.saturated > BLOWN_OUT || (hatchColor === 'dark' && stats.p50 > 170) || stats.p01 > 245)
      return fail('too-bright');

    // 2. Illumination. The large-scale light (a 1/16 median-filtered copy) tells a tray
    // from a scene; the background each pixel is compared with follows sharp steps (a
    // glare patch's edge, the rim, a shadow): a closing (white tray: dark larvae filled
    // in) or an opening (black tray) of a 1/BG_DIV copy with a kernel wider than a body.
    const small = track(new cv.Mat());
    const sw = Math.max(8, Math.round(w / 16));
    const sh = Math.max(8, Math.round(h / 16));
    cv.resize(grey, small, new cv.Size(sw, sh), 0, 0, cv.INTER_AREA);
    const smallMed = track(new cv.Mat());
    cv.medianBlur(small, smallMed, 7);
    const smallSmooth = track(new cv.Mat());
    cv.blur(smallMed, smallSmooth, new cv.Size(3, 3));
    const bgCopy = track(new cv.Mat());
    cv.resize(
      grey,
      bgCopy,
      new cv.Size(Math.max(8, Math.round(w / BG_DIV)), Math.max(8, Math.round(h / BG_DIV))),
      0,
      0,
      cv.INTER_AREA,
    );
    const bgKernel = track(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(BG_KERNEL, BG_KERNEL)));
    const bgCopyClosed = track(new cv.Mat());
    cv.morphologyEx(bgCopy, bgCopyClosed, hatchColor === 'bright' ? cv.MORPH_CLOSE : cv.MORPH_OPEN, bgKernel);
    const bgCopySmooth = track(new cv.Mat());
    cv.blur(bgCopyClosed, bgCopySmooth, new cv.Size(3, 3));
    const bg = track(new cv.Mat());
    cv.resize(bgCopySmooth, bg, new cv.Size(w, h), 0, 0, cv.INTER_LINEAR);
    const b = bg.data.slice();

    // A tray is evenly lit at large scale; a scene (a natural photo) is not. The middle
    // 80 % of the large-scale light against its median (at least 60 grey levels): a glare
    // patch, the rim or a table at the edge take less than a tenth of the frame and do not
    // move it; a sky over grass does.
    const bgStats = greyStats(smallSmooth.data);
    // A basin on a table or floor of another light: the basin is the part of the large-
    // scale light on its side of the middle of the range (darker for a black basin, lighter
    // for a white one); when it fills a fair share of the frame, it is the basin's own light
    // that must be even, and nothing off it is counted.
    const basin = basinPart(smallSmooth.data, bgStats, hatchColor);
    const spread = basin ? basin.spread : (bgStats.p90 - bgStats.p10) / Math.max(60, bgStats.p50);
    if (spread > (hatchColor === 'bright' || basin ? SCENE_SPREAD : SCENE_SPREAD_DARK))
      return fail('not-a-tray');

    // Contrast image, 8-bit: bright tray → darkening ratio, dark tray → brightening ratio.
    const contrast = track(new cv.Mat(h, w, cv.CV_8UC1));
    const c = contrast.data;
    const gain = hatchColor === 'bright' ? 400 : 100;
    // Off the white basin (the table or floor around it, far darker than the basin's own
    // light) nothing is counted: its grain would read as larvae against a white tray.
    const offTray =
      hatchColor === 'bright'
        ? Math.max(OFF_TRAY * bgStats.p90, basin ? Math.min(basin.limit, TABLE_SHARE * basin.level) : 0)
        : 0;
    const offDarkTray = hatchColor === 'dark' && basin ? basin.limit : 256;
    for (let i = 0; i < c.length; i++) {
      const base = Math.max(b[i], 4);
      if (b[i] < offTray || b[i] > offDarkTray) {
        c[i] = 0;
        continue;
      }
      const r = hatchColor === 'bright' ? 1 - g[i] / base : g[i] / base - 1;
      c[i] = r <= 0 ? 0 : Math.min(255, Math.round(r * gain));
    }
    const smooth = track(new cv.Mat());
    cv.medianBlur(contrast, smooth, 3);

    // 3. Adaptive threshold: above the noise and above a share of the larvae's contrast.
    const sc = smooth.data;
    const hist = new Uint32Array(256);
    for (let i = 0; i < sc.length; i++) hist[sc[i]]++;
    let acc = 0;
    let med = 0;
    for (let v = 0; v < 256; v++) {
      acc += hist[v];
      if (acc >= sc.length / 2) {
        med = v;
        break;
      }
    }
    // Robust sigma from the lower half's spread (the background), at least 1 level.
    let accLow = 0;
    let p25 = 0;
    for (let v = 0; v < 256; v++) {
      accLow += hist[v];
      if (accLow >= sc.length * 0.25) {
        p25 = v;
        break;
      }
    }
    const sigma = Math.max(1.5, (med - p25) * 1.48);
    const noiseT = med + 8 * sigma;
    let objSum = 0;
    let objN = 0;
    for (let v = Math.ceil(noiseT * 1.5); v < 256; v++) {
      objSum += v * hist[v];
      objN += hist[v];
    }
    const objLevel = objN > 0 ? objSum / objN : noiseT * 2;
    const minT = hatchColor === 'bright' ? 0.13 * gain : 0.3 * gain;
    const noiseFloor = Math.min(noiseT, NOISE_CAP * objLevel);
    const thresh = Math.max(noiseFloor, 0.3 * objLevel, minT);
    const binary = track(new cv.Mat());
    cv.threshold(smooth, binary, thresh, 255, cv.THRESH_BINARY);
    const kernel = track(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(2, 2)));
    const clean = track(new cv.Mat());
    cv.morphologyEx(binary, clean, cv.MORPH_OPEN, kernel);
    // A body goes on where it is fainter (a thin abdomen between the head and the tail):
    // pixels above a lower threshold join a mark they touch (hysteresis), so a whole larva
    // is one mark, not a head and a tail.
    {
      const low = track(new cv.Mat());
      cv.threshold(smooth, low, Math.max(noiseFloor, HYSTERESIS * thresh), 255, cv.THRESH_BINARY);
      const lowClean = track(new cv.Mat());
      cv.morphologyEx(low, lowClean, cv.MORPH_OPEN, kernel);
      const lowLab = track(new cv.Mat());
      const nLow = cv.connectedComponents(lowClean, lowLab, 8, cv.CV_32S);
      const seeded = new Uint8Array(nLow);
      const ll = lowLab.data32S;
      const hi = clean.data;
      for (let i = 0; i < hi.length; i++) if (hi[i] !== 0) seeded[ll[i]] = 1;
      seeded[0] = 0;
      for (let i = 0; i < hi.length; i++) hi[i] = seeded[ll[i]] ? 255 : 0;
    }

    const fgShare = countNonZero(clean.data) / clean.data.length;
    if (fgShare > 0.55) return fail('not-a-tray');

    // 4. Components and their shape.
    const labels = track(new cv.Mat());
    const statsMat = track(new cv.Mat());
    const centroids = track(new cv.Mat());
    const n = cv.connectedComponentsWithStats(clean, labels, statsMat, centroids, 8);
    const lab = labels.data32S.slice();
    const sx = new Float64Array(n);
    const sy = new Float64Array(n);
    const sxx = new Float64Array(n);
    const syy = new Float64Array(n);
    const sxy = new Float64Array(n);
    const cnt = new Float64Array(n);
    // The strongest point of each mark against the background and the mark's mean: on a
    // white basin a larva's eyes are a compact spot far darker than its body.
    const peak = new Float32Array(n);
    const darkSum = new Float64Array(n);
    for (let y = 0; y < h; y++) {
      const row = y * w;
      for (let x = 0; x < w; x++) {
        const l = lab[row + x];
        if (l === 0) continue;
        const i = row + x;
        // In the tray's sense: darkening on a white basin, brightening on a black one.
        const dk = hatchColor === 'bright' ? 1 - g[i] / Math.max(b[i], 4) : g[i] / Math.max(b[i], 4) - 1;
        darkSum[l] += dk;
        if (dk > peak[l]) peak[l] = dk;
        cnt[l]++;
        sx[l] += x;
        sy[l] += y;
        sxx[l] += x * x;
        syy[l] += y * y;
        sxy[l] += x * y;
      }
    }
    const { max: thickness, depth } = innerDistance(lab, w, h, n);
    const blobs: Blob[] = [];
    for (let l = 1; l < n; l++) {
      const a = cnt[l];
      if (a < 4) continue;
      const mx = sx[l] / a;
      const my = sy[l] / a;
      const vxx = sxx[l] / a - mx * mx;
      const vyy = syy[l] / a - my * my;
      const vxy = sxy[l] / a - mx * my;
      const tr = vxx + vyy;
      const det = Math.sqrt(Math.max(0, ((vxx - vyy) / 2) ** 2 + vxy * vxy));
      const l1 = tr / 2 + det;
      const l2 = Math.max(tr / 2 - det, 0.05);
      blobs.push({
        label: l,
        area: a,
        cx: mx,
        cy: my,
        elongation: Math.sqrt(l1 / l2),
        thickness: thickness[l],
        length: Math.sqrt(12 * l1),
        peak: peak[l],
        meanDark: darkSum[l] / a,
      });
    }

    // 6a. The single-larva area and thickness: elongated blobs near the typical size.
    const elongated = blobs.filter((bl) => bl.elongation >= 3.5 && bl.area >= 12);
    if (elongated.length === 0) {
      return fail(blobs.some((bl) => bl.area >= 40) ? 'not-a-tray' : 'no-larvae');
    }
    // Scale from confident larvae only: the area around which most of the larva-shaped
    // blobs' (√-weighted) area gathers. Fragments (a faint larva's eyes and tail seen
    // apart) are many but small; clumps are large but fewer, so neither wins.
    let a1 = areaMode(elongated.map((bl) => bl.area));
    let singles = elongated;
    for (let pass = 0; pass < 3; pass++) {
      singles = elongated.filter((bl) => bl.area >= 0.55 * a1 && bl.area <= 1.5 * a1);
      if (singles.length === 0) break;
      a1 = median(singles.map((bl) => bl.area));
    }
    const t1 = median(singles.map((bl) => bl.thickness));
    const l1 = median(singles.map((bl) => bl.length));
    // Evidence of larvae: enough separate ones of one size, each a visible share of the
    // frame (print, grains and specks are smaller), and larva-shaped marks a fair share of
    // all marks (a page of print is mostly round or boxy characters).
    const marksOfSize = blobs.filter((bl) => bl.area >= 0.35 * a1).length;
    // … and bodies: a few pixels thick (not scratches, hairs or a fibre's pieces).
    if (singles.length < MIN_SINGLES || l1 < MIN_LENGTH_SHARE * Math.max(w, h) || t1 < 2)
      return fail('no-larvae');
    if (elongated.filter((bl) => bl.area >= 0.35 * a1).length < MIN_LARVA_SHAPED * marksOfSize)
      return fail('not-a-tray');
    const bodyWidth = median(singles.map((bl) => bl.area / Math.max(bl.length, 1)));
    // A larva is 4–12 times as long as it is wide; marks far slimmer are lines (stripes,
    // grain, the edges of a pattern), not larvae.
    if (l1 > MAX_SLENDERNESS * bodyWidth) return fail('not-a-tray');
    // The share of one larva's area lost at each crossing.
    const crossLoss = Math.min(0.3, (CROSSING_LOSS * bodyWidth * bodyWidth) / a1);

    // 5. Drop what is not a larva.
    const larvae: Blob[] = [];
    let rejectedArea = 0;
    let keptArea = 0;
    // A larva's darkest point (its eyes, or its body when they do not show) is as dark as
    // the confident larvae's, and a clump holds the eyes of all its larvae; a single-sized
    // mark far paler with no dark spot, or a large one far paler (the basin's edge seen as
    // one long ring, a table's grain, a shadow's border) is not larvae.
    // A larva's eyes on a white basin: a compact spot far darker than its body. A rim's
    // edge, a table's grain, print or a glare's border are larva-shaped at times but evenly
    // dark; when enough marks show eyes, the photo has larvae that show them.
    const eyed = (bl: Blob) => bl.peak >= EYE_PEAK && bl.peak >= EYE_OVER_BODY * bl.meanDark;
    const eyesSeen = hatchColor === 'bright' && elongated.filter(eyed).length >= MIN_SINGLES;
    const p1 = median(singles.map((bl) => bl.peak));
    // A larva's body is see-through: the singles' mean contrast is what one layer of it gives.
    const m1 = median(singles.map((bl) => bl.meanDark));
    // A mark of any size without eyes and far paler than a single larva at its darkest is
    // not larvae either: a few larvae touching hold their eyes too, and a lit table's grain
    // (the blotches under a window's glare beside a white bowl) merges into marks of two or
    // three larvae' area as pale as its single-sized ones (ADR 0139).
    const pale = (bl: Blob) =>
      (bl.area >= 4 * a1 && bl.peak < PALE_CLUMP * p1) ||
      (eyesSeen && !eyed(bl) && bl.peak < PALE_SHARE * p1);
    // Pixels of the thick marks deeper than a single larva's half-width.
    const coreOf = new Map<number, number>();
    for (const bl of blobs) if (bl.thickness > 2.6 * t1 + 1) coreOf.set(bl.label, 0);
    // Pixels of the short, stubby marks of a few larvae' area deeper than half a body width:
    // a lump of debris is filled, two or three larvae lying across each other are not.
    const fillOf = new Map<number, number>();
    for (const bl of blobs)
      if (bl.area >= 1.45 * a1 && bl.area < LUMP_AREA * a1 && bl.elongation < LUMP_ELONGATION)
        fillOf.set(bl.label, 0);
    // Pixels deeper than a single larva's half-width in the marks of several larvae' area
    // far darker on average than a larva: print on a label, dark debris or an opaque object
    // is solid; larvae are see-through and lie in a mesh.
    const inkOf = new Map<number, number>();
    if (hatchColor === 'bright')
      for (const bl of blobs)
        if (bl.area >= 1.45 * a1 && bl.meanDark >= INK_OVER_BODY * m1) inkOf.set(bl.label, 0);
    if (coreOf.size > 0 || fillOf.size > 0 || inkOf.size > 0)
      for (let i = 0; i < depth.length; i++) {
        const l = lab[i];
        if (l === 0) continue;
        if (depth[i] > t1 + 1 && coreOf.has(l)) coreOf.set(l, (coreOf.get(l) ?? 0) + 1);
        if (depth[i] > t1 / 2 + 0.5 && fillOf.has(l)) fillOf.set(l, (fillOf.get(l) ?? 0) + 1);
        if (depth[i] >= t1 && inkOf.has(l)) inkOf.set(l, (inkOf.get(l) ?? 0) + 1);
      }
    // The distance of each pixel to the nearest one off the basin, when the frame holds some.
    const nearEdge = distanceToOffBasin(cv, track, b, w, h, offTray, offDarkTray);
    let atEdge = 0;
    // Each mark's pixels within EDGE_REACH of a larva's length of the basin's edge.
    const nearPixels = new Float64Array(n);
    if (nearEdge) {
      const reach = EDGE_REACH * l1;
      for (let i = 0; i < lab.length; i++) if (lab[i] !== 0 && nearEdge[i] < reach) nearPixels[lab[i]]++;
    }
    const eyeSpecks: Blob[] = [];
    for (const bl of blobs) {
      const r = bl.area / a1;
      if (pale(bl)) continue;
      const speck = r < 0.35;
      const round = r < 1.6 && bl.elongation < 2.4;
      // Thick and solid: glare, a label, a lump of debris. A clump of many larvae is thick
      // too, but a mesh of bodies: few of its pixels lie deeper than one body's half-width.
      const thick = bl.thickness > 2.6 * t1 + 1 && (coreOf.get(bl.label) ?? 0) > SOLID_CORE * bl.area;
      // A straight bar much longer than any larva: a fibre, the basin's rim, a glare edge or
      // streak (larvae touching end to end bend and branch; they do not make a bar).
      const line = bl.elongation >= 8 && bl.length > 2.6 * l1;
      const lump = (fillOf.get(bl.label) ?? 0) > LUMP_FILL * bl.area;
      // Ink of any size on a white basin, a single glyph too: as dark on average as ink and
      // evenly so (no spot EYE_OVER_BODY × darker than the rest); a larva's see-through body
      // is pale where its eyes are not (ADR 0102, 0136).
      const ink =
        (inkOf.get(bl.label) ?? 0) > INK_DEPTH * bl.area ||
        (hatchColor === 'bright' &&
          bl.meanDark >= INK_OVER_BODY * m1 &&
          bl.peak < EYE_OVER_BODY * bl.meanDark);
      // A bubble on a black basin: a disc (rounder than larvae crossing) lit by a small
      // catch-light far brighter than the rest of it.
      const bubble =
        hatchColor === 'dark' &&
        r < LUMP_AREA &&
        bl.elongation < BUBBLE_ELONGATION &&
        bl.peak >= BUBBLE_CATCHLIGHT * bl.meanDark;
      if (speck && eyesSeen && bl.peak >= EYE_SPECK_PEAK * p1) eyeSpecks.push(bl);
      if (speck || round || thick || line || lump || bubble || ink) {
        // Each such mark weighs at most a few larvae: one glare streak or patch on a sparse
        // tray is not "more clutter than larvae"; a form's many ruled lines and boxes are.
        if (!speck) rejectedArea += Math.min(bl.area, CLUTTER_CAP * a1);
        continue;
      }
      // On the basin's edge: the rim, the frame's corners, a label on the surround. Not
      // counted; what might be larvae there widens the band's upper side. Judged by the
      // mark's pixels, not its centre: a rim seen as one long ring has its centre in the
      // middle of the basin (ADR 0102, 0136).
      if (nearPixels[bl.label] > EDGE_SHARE * bl.area) {
        atEdge += Math.max(1, Math.min(r, CLUTTER_CAP));
        continue;
      }
      keptArea += bl.area;
      larvae.push(bl);
    }
    if (larvae.length === 0) return fail(rejectedArea > 0 ? 'not-a-tray' : 'no-larvae');
    // Much more that is not larvae than larvae (a form's ruled lines and boxes, a scene's
    // shapes): no count can be trusted.
    if (rejectedArea > keptArea * 1.5) return fail('not-a-tray');
    // Print: the marks line up in rows (neighbours side by side, never above each other);
    // larvae scattered on a tray have neighbours in every direction.
    if (neighbourAnisotropy(larvae, 1.5 * l1) > 2.5) return fail('not-a-tray');

    // 6b. Count: a blob of one is certain; a clump counts its area over the single area.
    const sortedSingles = singles.map((bl) => bl.area).sort((x, y) => x - y);
    const iqr = percentile(sortedSingles, 0.75) - percentile(sortedSingles, 0.25);
    const a1Error =
      sortedSingles.length > 1 ? (1.25 * iqr) / (1.35 * Math.sqrt(sortedSingles.length) * a1) : 0.3;
    let singleCount = 0;
    let clumpSum = 0;
    let clumpVar = 0;
    let ambiguous = 0;
    const clumpK = new Map<number, number>();
    const clumpEst = new Map<number, number>();
    for (const bl of larvae) {
      const r = bl.area / a1;
      // A big single larva reaches ~1.45 A1 but stays long and thin; two crossing or
      // side-by-side ones of that area are not (an X or a wedge).
      const pairLike = r >= 1.2 && bl.elongation < 4;
      // A large larva seen whole: thin, one long curve (two larvae of that area would
      // make a wedge, an X or a chain longer than the thickness allows).
      const bigSingle = r < 2 && bl.elongation >= 5 && bl.thickness <= t1 + 1 && bl.length < 1.6 * l1;
      if ((r < 1.45 && !pairLike) || bigSingle) {
        singleCount++;
        if (r >= 1.15) ambiguous++;
        continue;
      }
      const est = (r - crossLoss) / (1 - crossLoss);
      clumpSum += est;
      clumpVar += (0.15 * est) ** 2;
      clumpK.set(bl.label, Math.max(2, Math.round(est)));
      clumpEst.set(bl.label, est);
    }
    // Eyes without a body where the tray is crowded: a faint larva (EYE_SPECK_PEAK). The
    // crowd holds the kept marks (a clump as its larvae) and the other such specks: where
    // most larvae are faint, few bodies are kept but many eyes show.
    const freeEyes = bodilessEyes(eyeSpecks, larvae, lab, w, h, l1, nearEdge);
    const crowdSpots: CrowdSpot[] = larvae.map((bl) => ({
      x: bl.cx,
      y: bl.cy,
      larvae: clumpEst.get(bl.label) ?? 1,
    }));
    for (const bl of freeEyes) crowdSpots.push({ x: bl.cx, y: bl.cy, larvae: 1 });
    const crowd = frameEquivalentCrowd(
      freeEyes.map((bl) => ({ x: bl.cx, y: bl.cy })),
      crowdSpots,
      EYE_SPECK_REACH * l1,
      w * h,
      1,
    );
    const eyeMarks = freeEyes.filter((_, i) => crowd[i] >= EYE_SPECK_CROWD);
    singleCount += eyeMarks.length;
    const count = Math.round(singleCount + clumpSum);
    // Poor light or focus informs instead of refusing: the band widens and says why.
    // Uneven light: the large-scale background varies much, or glare blows out a patch.
    // Blur: the single larvae are short and thick for their area (edges spread).
    const quality: LarvaeQuality[] = [];
    if ((bgStats.p90 - bgStats.p10) / Math.max(40, bgStats.p50) > UNEVEN_SPREAD || stats.saturated > 0.005)
      quality.push('uneven-light');
    if (median(singles.map((bl) => bl.elongation)) < BLURRY_ELONGATION) quality.push('blurry');
    // Two sigma of the clumps' spread and of the single area, and the crossing model's own
    // doubt (a share of the clumped larvae).
    const halfBand =
      Math.ceil(
        2 * Math.sqrt(clumpVar + 0.25 * ambiguous) +
          2 * a1Error * clumpSum +
          0.02 * clumpSum +
          (clumpSum > 0 ? 1 : 0),
      ) + Math.ceil(count * (BAND_SHARE + (quality.length ? POOR_SHARE : 0)));

    // Marks: a single's centre; a clump's larvae by k-means over its pixels.
    const marks: LarvaMark[] = [];
    for (const bl of larvae) {
      if (!clumpK.has(bl.label)) marks.push({ x: bl.cx / scale, y: bl.cy / scale });
    }
    for (const bl of eyeMarks) marks.push({ x: bl.cx / scale, y: bl.cy / scale });
    for (const pt of placeInClumps(lab, w, h, clumpK)) marks.push({ x: pt.x / scale, y: pt.y / scale });
    // The marks follow the rounded clumps; the count is the unrounded sum, so they may
    // differ by a few: the marks are what the farmer sees and corrects, keep them equal.
    const shown = marks.length;
    const lower = Math.max(0, Math.min(count, shown) - halfBand);
    const upper = Math.max(count, shown) + halfBand + Math.ceil(CLUMP_HIDDEN * clumpSum + atEdge);
    return {
      ok: true,
      count: shown,
      lower,
      upper,
      marks,
      singles: singleCount,
      inClumps: shown - singleCount,
      quality,
      width,
      height,
    };
  } finally {
    for (const m of mats) m.delete();
  }
}

/**
 * How much more the directions to each blob's nearest neighbour (closer than `reach`)
 * spread along one axis than across it: ~1 for scattered larvae, large for lines of print
 * (a character's nearest neighbour is the next one in its line). 1 when there are too few
 * neighbours to tell.
 */
function neighbourAnisotropy(blobs: readonly Blob[], reach: number): number {
  const cells = new Map<string, Blob[]>();
  const key = (x: number, y: number) => `${Math.floor(x / reach)},${Math.floor(y / reach)}`;
  for (const bl of blobs) {
    const k = key(bl.cx, bl.cy);
    const list = cells.get(k);
    if (list) list.push(bl);
    else cells.set(k, [bl]);
  }
  let xx = 0;
  let yy = 0;
  let xy = 0;
  let pairs = 0;
  for (const a of blobs) {
    const gx = Math.floor(a.cx / reach);
    const gy = Math.floor(a.cy / reach);
    let best = reach * reach;
    let bx = 0;
    let by = 0;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++)
        for (const b of cells.get(`${gx + dx},${gy + dy}`) ?? []) {
          const ox = b.cx - a.cx;
          const oy = b.cy - a.cy;
          const d2 = ox * ox + oy * oy;
          if (d2 > 0 && d2 < best) {
            best = d2;
            bx = ox;
            by = oy;
          }
        }
    if (bx === 0 && by === 0) continue;
    xx += (bx * bx) / best;
    yy += (by * by) / best;
    xy += (bx * by) / best;
    pairs++;
  }
  if (pairs < 60) return 1;
  const tr = (xx + yy) / 2;
  const det = Math.sqrt(((xx - yy) / 2) ** 2 + xy * xy);
  return (tr + det) / Math.max(tr - det, 1e-9);
}

/**
 * The basin inside a surround of another light (a white basin on a darker table, a black one
 * on a lighter floor): the large-scale light's values on the basin's side of the middle of
 * its range (p01…p99), when they are at least BASIN_SHARE of the frame; their own spread
 * (p90 − p10 over the median, at least 60 levels) and the level past which a pixel is off
 * the basin. Undefined when there is no such part (a basin filling the frame).
 */
function basinPart(
  data: Uint8Array,
  all: { p01: number; p99: number },
  hatchColor: HatchColor,
): { spread: number; limit: number; level: number } | undefined {
  if (all.p99 - all.p01 < 40) return undefined;
  const limit = (all.p01 + all.p99) / 2;
  const part = data.filter((v) => (hatchColor === 'dark' ? v <= limit : v >= limit));
  const rest = data.filter((v) => (hatchColor === 'dark' ? v > limit : v < limit));
  if (part.length < BASIN_SHARE * data.length || rest.length === 0) return undefined;
  const s = greyStats(part);
  // The surround is of another light (a table, a floor), not the basin's own uneven light.
  if (Math.abs(median(Array.from(rest)) - s.p50) < SURROUND_STEP * Math.max(s.p50, 60)) return undefined;
  return { spread: (s.p90 - s.p10) / Math.max(60, s.p50), limit, level: s.p50 };
}

/**
 * Each pixel's distance to the nearest pixel off the basin (a white basin's background under
 * `offTray`, a black basin's over `offDarkTray`), or undefined when every pixel is on it.
 */
function distanceToOffBasin(
  cv: Cv,
  track: <T extends CvMat>(m: T) => T,
  b: Uint8Array,
  w: number,
  h: number,
  offTray: number,
  offDarkTray: number,
): Float32Array | undefined {
  if (offTray <= 0 && offDarkTray >= 256) return undefined;
  const on = track(new cv.Mat(h, w, cv.CV_8UC1));
  const o = on.data;
  let off = 0;
  for (let i = 0; i < o.length; i++) {
    const out = b[i] < offTray || b[i] > offDarkTray;
    o[i] = out ? 0 : 255;
    if (out) off++;
  }
  if (off === 0) return undefined;
  const dist = track(new cv.Mat());
  cv.distanceTransform(on, dist, cv.DIST_L2, 3);
  return dist.data32F.slice();
}

/** The area with the most √-weighted area of blobs within ×/÷ 1.35 of it. */
function areaMode(areas: number[]): number {
  const sorted = [...areas].sort((x, y) => x - y);
  let best = sorted[Math.floor(sorted.length / 2)] ?? 0;
  let bestScore = -1;
  let lo = 0;
  let hi = 0;
  let sum = 0;
  for (const a of sorted) {
    while (hi < sorted.length && (sorted[hi] as number) <= a * 1.35) sum += Math.sqrt(sorted[hi++] as number);
    while ((sorted[lo] as number) < a / 1.35) sum -= Math.sqrt(sorted[lo++] as number);
    if (sum > bestScore) {
      bestScore = sum;
      best = a;
    }
  }
  // The mode's window starts at its lowest blob: centre it on the window's median.
  const inWindow = sorted.filter((a) => a >= best && a <= best * 1.35 * 1.35);
  return median(inWindow);
}

function countNonZero(data: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < data.length; i++) if (data[i] !== 0) n++;
  return n;
}

/**
 * The dark specks with no kept mark within half a larva's length and not on the basin's
 * edge, those within a third of a larva's length of each other (a pair of eyes) as one.
 */
function bodilessEyes(
  specks: Blob[],
  larvae: Blob[],
  lab: Int32Array,
  w: number,
  h: number,
  l1: number,
  nearEdge: Float32Array | undefined,
): Blob[] {
  if (specks.length === 0) return [];
  const kept = new Set(larvae.map((bl) => bl.label));
  const reach = 0.5 * l1;
  const free = specks.filter((bl) => {
    if (nearEdge && nearEdge[Math.round(bl.cy) * w + Math.round(bl.cx)] < EDGE_REACH * l1) return false;
    const x0 = Math.max(0, Math.floor(bl.cx - reach));
    const x1 = Math.min(w - 1, Math.ceil(bl.cx + reach));
    const y0 = Math.max(0, Math.floor(bl.cy - reach));
    const y1 = Math.min(h - 1, Math.ceil(bl.cy + reach));
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (kept.has(lab[y * w + x])) return false;
    return true;
  });
  const pair = 0.3 * l1;
  const taken = new Uint8Array(free.length);
  const eyes: Blob[] = [];
  for (let i = 0; i < free.length; i++) {
    if (taken[i]) continue;
    eyes.push(free[i]);
    for (let j = i + 1; j < free.length; j++)
      if (Math.hypot(free[i].cx - free[j].cx, free[i].cy - free[j].cy) < pair) taken[j] = 1;
  }
  return eyes;
}

/**
 * The chessboard distance from each blob pixel to its edge (two passes over the label
 * image) and its largest value per label: a larva is a few pixels thick, glare and lumps
 * are thicker.
 */
function innerDistance(
  lab: Int32Array,
  w: number,
  h: number,
  n: number,
): { max: Float32Array; depth: Uint16Array } {
  const d = new Uint16Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (lab[i] === 0) continue;
      const up = y > 0 ? d[i - w] : 0;
      const left = x > 0 ? d[i - 1] : 0;
      const ul = y > 0 && x > 0 ? d[i - w - 1] : 0;
      const ur = y > 0 && x < w - 1 ? d[i - w + 1] : 0;
      d[i] = Math.min(up, left, ul, ur) + 1;
    }
  }
  const out = new Float32Array(n);
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      if (lab[i] === 0) continue;
      const down = y < h - 1 ? d[i + w] : 0;
      const right = x < w - 1 ? d[i + 1] : 0;
      const dr = y < h - 1 && x < w - 1 ? d[i + w + 1] : 0;
      const dl = y < h - 1 && x > 0 ? d[i + w - 1] : 0;
      const v = Math.min(d[i], Math.min(down, right, dr, dl) + 1);
      d[i] = v;
      if (v > out[lab[i]]) out[lab[i]] = v;
    }
  }
  return { max: out, depth: d };
}

/** k points inside each clump: k-means (a few rounds) over the clump's pixels. */
function placeInClumps(
  lab: Int32Array,
  w: number,
  h: number,
  clumpK: Map<number, number>,
): { x: number; y: number }[] {
  if (clumpK.size === 0) return [];
  const pixels = new Map<number, number[]>();
  for (const l of clumpK.keys()) pixels.set(l, []);
  for (let i = 0; i < w * h; i++) {
    const l = lab[i];
    if (l !== 0) pixels.get(l)?.push(i);
  }
  const out: { x: number; y: number }[] = [];
  for (const [l, k] of clumpK) {
    const px = pixels.get(l) ?? [];
    const xs = px.map((i) => i % w);
    const ys = px.map((i) => Math.floor(i / w));
    const cx: number[] = [];
    const cy: number[] = [];
    for (let j = 0; j < k; j++) {
      const pick = Math.floor(((j + 0.5) / k) * px.length);
      cx.push(xs[pick]);
      cy.push(ys[pick]);
    }
    const assign = new Int32Array(px.length);
    for (let round = 0; round < 6; round++) {
      for (let p = 0; p < px.length; p++) {
        let best = 0;
        let bestD = Number.POSITIVE_INFINITY;
        for (let j = 0; j < k; j++) {
          const dd = (xs[p] - cx[j]) ** 2 + (ys[p] - cy[j]) ** 2;
          if (dd < bestD) {
            bestD = dd;
            best = j;
          }
        }
        assign[p] = best;
      }
      const sumX = new Float64Array(k);
      const sumY = new Float64Array(k);
      const num = new Float64Array(k);
      for (let p = 0; p < px.length; p++) {
        sumX[assign[p]] += xs[p];
        sumY[assign[p]] += ys[p];
        num[assign[p]]++;
      }
      for (let j = 0; j < k; j++) {
        if (num[j] > 0) {
          cx[j] = sumX[j] / num[j];
          cy[j] = sumY[j] / num[j];
        }
      }
    }
    // Snap each centre to its nearest clump pixel so every mark sits on a larva.
    for (let j = 0; j < k; j++) {
      let best = 0;
      let bestD = Number.POSITIVE_INFINITY;
      for (let p = 0; p < px.length; p++) {
        const dd = (xs[p] - cx[j]) ** 2 + (ys[p] - cy[j]) ** 2;
        if (dd < bestD) {
          bestD = dd;
          best = p;
        }
      }
      out.push({ x: xs[best] + 0.5, y: ys[best] + 0.5 });
    }
  }
  return out;
}
