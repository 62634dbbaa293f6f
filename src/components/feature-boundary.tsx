import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { captureError } from '#local/errors/capture';
import { retryFailedParts } from './lazy-part.tsx';

function PartError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('ui');
  return (
    <section className="card stack" role="alert">
      <h2>{t('screenLoad.partTitle')}</h2>
      <p>{t('screenLoad.partBody')}</p>
      <div className="row">
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('actions.retry')}
        </button>
      </div>
    </section>
  );
}

/**
 * A boundary around one feature's part of a screen that combines several (ADR 0067): a
 * part that fails while drawing shows a translated message with a retry in its place, the
 * rest of the screen stays, and the error is reported. Whole screens have the router's
 * boundary (ScreenLoadError).
 */
export class FeatureBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: Error, _info: ErrorInfo): void {
    captureError(error, 'boundary');
  }

  render(): ReactNode {
    if (this.state.failed)
      return (
        <PartError
          onRetry={() => {
            retryFailedParts();
            this.setState({ failed: false });
          }}
        />
      );
    return this.props.children;
  }
}
