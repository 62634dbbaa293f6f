import {
  Component,
  type ComponentProps,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
} from 'react';
import { captureError } from '#local/errors/capture';

// biome-ignore lint/suspicious/noExplicitAny: any props, as React's own `lazy`
type AnyComponent = ComponentType<any>;
type Loader<T extends AnyComponent> = () => Promise<{ default: T }>;

/** Parts whose load failed, each with its way to start again. */
const failedParts = new Set<() => void>();

/**
 * Like React's `lazy`, but a load that failed (no signal, the chunk not in the worker's
 * cache yet) can be tried again: `lazy` keeps a failed load for good, so a boundary's retry
 * would show the same failure. The failed part is swapped for a fresh one only when a
 * boundary retries (`retryFailedParts`), never on the failure itself: swapping at once
 * would have React render the fresh one, fail again, and loop while there is no signal.
 */
export function lazyPart<T extends AnyComponent>(load: Loader<T>): T {
  let current: LazyExoticComponent<T>;
  const renew = () => {
    current = lazy(attempt);
  };
  const attempt: Loader<T> = () =>
    load().catch((error: unknown) => {
      failedParts.add(renew);
      throw error;
    });
  renew();
  function LazyPart(props: ComponentProps<T>) {
    const Current = current as AnyComponent;
    return <Current {...props} />;
  }
  return LazyPart as unknown as T;
}

/** Before a boundary draws its part again: parts that failed to load will load anew. */
export function retryFailedParts(): void {
  for (const renew of failedParts) renew();
  failedParts.clear();
}

/**
 * Around a part that works in the background (the call host, a question that may come):
 * when it fails to load or draw, nothing shows in its place and the screen stays; it is
 * tried again when the signal comes back. The error is reported unless the phone was offline.
 */
export class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  private readonly retry = () => {
    retryFailedParts();
    this.setState({ failed: false });
  };

  componentDidMount(): void {
    addEventListener('online', this.retry);
  }

  componentWillUnmount(): void {
    removeEventListener('online', this.retry);
  }

  componentDidCatch(error: Error, _info: ErrorInfo): void {
    // Offline, a part that could not load is expected and comes back with the signal.
    if (navigator.onLine) captureError(error, 'boundary');
  }

  render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
