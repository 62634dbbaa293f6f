import './register-locales.ts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#components/dialog';
import { useFormat } from '#components/format';
import { correctedBand, type HatchColor, type LarvaeCount, type LarvaMark } from '#shared/larvae/types';
import { MarkedPhoto } from './marked-photo.tsx';
import { useEnginePrefetch } from './use-engine-prefetch.ts';
import { useLarvaeCount } from './use-larvae-count.ts';
import './larvae.css';

export interface CountFromPhotoProps {
  /**
   * "Use this count": the hand-corrected count, the marks it was made of (in the
   * photo's pixels) and the photo itself (to upload with the record if wanted).
   */
  onUse: (count: number, marks: LarvaMark[], photo: Blob, band: { lower: number; upper: number }) => void;
  defaultHatchColor?: HatchColor;
  /** The opening button's label; default "Count from photo". */
  label?: string;
}

/**
 * A button that opens the larvae counter: choose the tray colour, take or choose a
 * photo, wait for the count (on this device, offline too), see every larva marked, tap
 * to add or remove marks, then "Use this count". Drop it next to a count field:
 *
 *   <CountFromPhoto onUse={(count) => setFieldValue('seed_count', count)} />
 */
export function CountFromPhoto({ onUse, defaultHatchColor = 'bright', label }: CountFromPhotoProps) {
  const { t } = useTranslation('larvae');
  useEnginePrefetch();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {label ?? t('open')}
      </button>
      {open && (
        <Dialog open title={t('dialogTitle')} onClose={() => setOpen(false)} size="large">
          <Counter
            defaultHatchColor={defaultHatchColor}
            onUse={(...args) => {
              setOpen(false);
              onUse(...args);
            }}
          />
        </Dialog>
      )}
    </>
  );
}

function Counter({
  onUse,
  defaultHatchColor,
}: Required<Pick<CountFromPhotoProps, 'onUse' | 'defaultHatchColor'>>) {
  const { t } = useTranslation('larvae');
  const { number } = useFormat();
  const [hatchColor, setHatchColor] = useState<HatchColor>(defaultHatchColor);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [marks, setMarks] = useState<LarvaMark[]>([]);
  const [edits, setEdits] = useState({ added: 0, removed: 0 });
  const { state, count, reset } = useLarvaeCount();
  const input = useRef<HTMLInputElement>(null);
  const [counted, setCounted] = useState<LarvaeCount | null>(null);

  if (state.phase === 'done' && state.result.ok && counted !== state.result) {
    setCounted(state.result);
    setMarks(state.result.marks);
    setEdits({ added: 0, removed: 0 });
  }

  const choose = (file: File | undefined) => {
    if (!file) return;
    setPhoto(file);
    setCounted(null);
    setMarks([]);
    reset();
    count(file, hatchColor);
  };

  const tap = (point: LarvaMark, hit: number | null) => {
    if (hit === null) {
      setMarks((m) => [...m, point]);
      setEdits((e) => ({ ...e, added: e.added + 1 }));
    } else {
      setMarks((m) => m.filter((_, i) => i !== hit));
      setEdits((e) => ({ ...e, removed: e.removed + 1 }));
    }
  };

  const band = counted ? correctedBand(counted, marks.length) : null;
  const n = (v: number) => number(v, 0);
  const busy = state.phase === 'engine' || state.phase === 'counting';

  return (
    <div className="larvae-counter">
      <fieldset className="larvae-counter__hatch">
        <legend>{t('hatchColor')}</legend>
        {(['bright', 'dark'] as const).map((c) => (
          <label key={c} className="larvae-counter__choice">
            <input
              type="radio"
              name="hatch_color"
              value={c}
              checked={hatchColor === c}
              disabled={busy}
              onChange={() => {
                setHatchColor(c);
                if (photo) {
                  setCounted(null);
                  setMarks([]);
                  count(photo, c);
                }
              }}
            />
            {t(`hatch.${c}`)}
          </label>
        ))}
      </fieldset>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="visually-hidden"
        data-testid="larvae-photo-input"
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <button
        type="button"
        className={`button ${photo ? 'button--secondary' : 'button--primary'} button--block`}
        disabled={busy}
        onClick={() => input.current?.click()}
      >
        {photo ? t('otherPhoto') : t('takePhoto')}
      </button>

      {busy && (
        <p className="larvae-counter__progress" role="status">
          <progress aria-label={t('counting')} />
          {state.phase === 'engine' ? t('loadingEngine') : t('counting')}
        </p>
      )}
      {state.phase === 'error' && (
        <p className="larvae-counter__problem" role="alert">
          {t('engineFailed')}
        </p>
      )}
      {state.phase === 'done' && !state.result.ok && (
        <p className="larvae-counter__problem" role="alert">
          {t(`problem.${state.result.problem}`, { defaultValue: t('failed') })}
        </p>
      )}

      {counted && band && photo && (
        <>
          <div className="larvae-counter__result" aria-live="polite">
            <strong className="larvae-counter__count" data-testid="larvae-count">
              {t('count', { count: marks.length, n: n(marks.length) })}
            </strong>
            <span className="larvae-counter__band" data-testid="larvae-band">
              {t('band', { lower: n(band.lower), upper: n(band.upper) })}
            </span>
            {counted.quality.length > 0 && (
              <span className="larvae-counter__quality" data-testid="larvae-quality">
                {counted.quality.map((q) => t(`quality.${q}`)).join(' ')}
              </span>
            )}
            {(edits.added > 0 || edits.removed > 0) && (
              <span className="larvae-counter__edits">
                {t('corrected', { added: edits.added, removed: edits.removed })}
              </span>
            )}
          </div>
          <p className="larvae-counter__help">{t('tapHelp')}</p>
          <MarkedPhoto
            photo={photo}
            width={counted.width}
            height={counted.height}
            marks={marks}
            onTap={tap}
          />
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => onUse(marks.length, marks, photo, { lower: band.lower, upper: band.upper })}
          >
            {t('use')}
          </button>
        </>
      )}
    </div>
  );
}
