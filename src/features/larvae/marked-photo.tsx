import './register-locales.ts';
import { type MouseEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LarvaMark } from '#shared/larvae/types';

interface MarkedPhotoProps {
  photo: Blob;
  width: number;
  height: number;
  marks: LarvaMark[];
  /** A tap on the photo, in the photo's pixels, and the mark under it if any. */
  onTap: (point: LarvaMark, hit: number | null) => void;
}

const ZOOMS = [1, 2, 4] as const;

/**
 * The photo with a ring on every larva found. A tap on a ring removes it, a tap
 * elsewhere adds one; zoom (1×, 2×, 4×) makes single larvae big enough for a finger.
 */
export function MarkedPhoto({ photo, width, height, marks, onTap }: MarkedPhotoProps) {
  const { t } = useTranslation('larvae');
  const [zoom, setZoom] = useState<(typeof ZOOMS)[number]>(1);
  const url = useMemo(() => URL.createObjectURL(photo), [photo]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const side = Math.max(width, height);
  const radius = side * 0.006;
  const hitRadius = side * (0.014 / zoom);

  const tap = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * width;
    const y = ((event.clientY - box.top) / box.height) * height;
    let hit: number | null = null;
    let best = hitRadius;
    marks.forEach((m, i) => {
      const d = Math.hypot(m.x - x, m.y - y);
      if (d <= best) {
        best = d;
        hit = i;
      }
    });
    onTap({ x, y }, hit);
  };

  return (
    <div className="larvae-photo">
      <div className="larvae-photo__zoom">
        {ZOOMS.map((z) => (
          <button
            key={z}
            type="button"
            className={`button button--small ${z === zoom ? 'button--primary' : 'button--secondary'}`}
            aria-pressed={z === zoom}
            onClick={() => setZoom(z)}
          >
            {z}×
          </button>
        ))}
      </div>
      <div className="larvae-photo__scroll">
        <div
          className="larvae-photo__frame"
          style={{ width: `${zoom * 100}%`, aspectRatio: `${width} / ${height}` }}
        >
          <img src={url} alt={t('photoAlt', { count: marks.length })} className="larvae-photo__img" />
          <svg
            className="larvae-photo__marks"
            viewBox={`0 0 ${width} ${height}`}
            preserveAspectRatio="none"
            onClick={tap}
            data-testid="larvae-marks"
            aria-hidden="true"
          >
            {marks.map((m, i) => (
              <circle
                // biome-ignore lint/suspicious/noArrayIndexKey: marks have no identity but their place
                key={i}
                cx={m.x}
                cy={m.y}
                r={radius}
                className="larvae-photo__mark"
                strokeWidth={radius * 0.45}
              />
            ))}
          </svg>
        </div>
      </div>
    </div>
  );
}
