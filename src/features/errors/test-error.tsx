import './register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeatureBoundary } from '#components/feature-boundary';

/** Throws while drawing: what a screen's bug does. */
function Thrower(): never {
  throw new Error('Tambak test error from the error reports screen');
}

function TestErrorButton() {
  const { t } = useTranslation('errors');
  const [armed, setArmed] = useState(false);
  return (
    <div className="stack">
      <p className="muted">{t('test.hint')}</p>
      {armed ? (
        <Thrower />
      ) : (
        <div className="row">
          <button type="button" className="button button--secondary" onClick={() => setArmed(true)}>
            {t('test.button')}
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * A system admin's way to check the whole path (capture, queue, sampling, sending,
 * mapping) in production: a real error thrown while drawing this part, caught by its
 * feature boundary and reported like any other. Only this screen has it, and only
 * system admins open this screen.
 */
export function TestErrorPart() {
  return (
    <FeatureBoundary>
      <TestErrorButton />
    </FeatureBoundary>
  );
}
