/**
 * Test cycles from published vannamei grow-out results, for the held-out part of
 * `npm run eval:forecast` (evaluated with the default prior, as for a new farm). Each
 * source gives start weight, final weight and duration (and Samocha et al. a weekly
 * growth rate); the weekly values between are written here from those figures with the
 * two-stanza pattern the sources describe (near-exponential growth to about 4.5 g, then
 * near-linear weekly gain), not with the forecast's Gompertz formula:
 *
 * - Samocha et al., Texas A&M AgriLife Mariculture Laboratory, growth curves of
 *   genetically selected high-growth L. vannamei (reported in Shrimp News International,
 *   23 May 2013, http://shrimpnews.com/FreeReportsFolder/NewsReportsFolder/USATexasVannameiGrowthCurves.html):
 *   PL 0.003 g; 0.12–0.18 g two weeks later; 0.5–0.8 g two weeks after; exponential to
 *   4–5 g; then 2.76 g/week to 21.8 g.
 * - Sookying, Silva, Davis & Hanson (2011), Effects of stocking density on the
 *   performance of Pacific white shrimp L. vannamei cultured under pond and outdoor tank
 *   conditions using a high soybean meal diet, Aquaculture 319(1–2): 232–239: juveniles
 *   0.015 g, 16 weeks in 0.1 ha ponds at 17–45 shrimp/m², final mean weight 20.70–25.25 g.
 * - Kotiya & Vadher, Effect of different stocking density on growth, survival on L.
 *   vannamei in summer and monsoon crop in Gujarat, India (Sindh Univ. Fisheries
 *   Sciences, https://sifisheriessciences.com/index.php/journal/article/view/99): 0.06 g,
 *   120 days in 0.5 ha ponds; summer 26.08 g (30/m²) to 14.61 g (80/m²); monsoon 34.46 g
 *   (30/m²) to 18.20 g (80/m²).
 * - Hassan et al. (2022), Assessment of growth characteristics and the survival rate of
 *   L. vannamei reared with different stocking densities in the coastal ponds, Sindh,
 *   Pakistan, J. Anim. Plant Sci. 32(6): 0.003 g PL to 24.30 g in 114 days at 133 PL/m².
 */
import type { EvalCycle } from './demo-cycles.ts';

interface Published {
  name: string;
  w0: number;
  final: number;
  days: number;
  /** DOC where the linear stanza starts (4.5 g); default 45 % of the culture. */
  breakDoc?: number;
  /** Known early points (DOC, g) before the break. */
  early?: [number, number][];
}

const SOURCES: Published[] = [
  {
    name: 'samocha-2013-texas',
    w0: 0.003,
    final: 21.8,
    days: 88,
    breakDoc: 44,
    early: [
      [14, 0.15],
      [28, 0.65],
    ],
  },
  { name: 'sookying-2011-17m2', w0: 0.015, final: 25.25, days: 112 },
  { name: 'sookying-2011-45m2', w0: 0.015, final: 20.7, days: 112 },
  { name: 'kotiya-summer-30m2', w0: 0.06, final: 26.08, days: 120 },
  { name: 'kotiya-summer-80m2', w0: 0.06, final: 14.61, days: 120, breakDoc: 60 },
  { name: 'kotiya-monsoon-30m2', w0: 0.06, final: 34.46, days: 120 },
  { name: 'kotiya-monsoon-60m2', w0: 0.06, final: 25.89, days: 120 },
  { name: 'hassan-2022-133m2', w0: 0.003, final: 24.3, days: 114 },
];

const BREAK_G = 4.5;

function curve(p: Published): number[] {
  const t1 = p.breakDoc ?? Math.round(p.days * 0.45);
  const anchors: [number, number][] = [[0, p.w0], ...(p.early ?? []), [t1, BREAK_G]];
  const truth: number[] = [];
  for (let doc = 0; doc <= p.days; doc++) {
    if (doc <= t1) {
      // Log-linear between the anchors (exponential stanza).
      let i = 1;
      while (i < anchors.length - 1 && (anchors[i] as [number, number])[0] < doc) i++;
      const [d0, w0] = anchors[i - 1] as [number, number];
      const [d1, w1] = anchors[i] as [number, number];
      truth.push(Math.exp(Math.log(w0) + ((doc - d0) / (d1 - d0)) * (Math.log(w1) - Math.log(w0))));
    } else {
      truth.push(BREAK_G + ((p.final - BREAK_G) * (doc - t1)) / (p.days - t1));
    }
  }
  return truth;
}

/** The published cycles with weekly samplings from DOC 21 (±4 % seeded sample error). */
export function publishedCycles(): EvalCycle[] {
  return SOURCES.map((p, n) => {
    const truth = curve(p);
    let s = 97 + n;
    const noise = () => {
      s = (s * 1664525 + 1013904223) >>> 0;
      return 0.96 + (s / 2 ** 32) * 0.08;
    };
    const samplings: EvalCycle['samplings'] = [];
    for (let doc = 21; doc < p.days; doc += 7) samplings.push({ doc, abw: (truth[doc] as number) * noise() });
    return {
      name: p.name,
      start: '2025-01-01',
      end: '2025-12-31',
      harvestDoc: p.days,
      harvestAbw: p.final,
      truth,
      samplings,
    };
  });
}
