import { useCallback, useEffect, useRef, useState } from 'react';
import type { HatchColor, LarvaeResult } from '#shared/larvae/types';
import { COUNT_WORKER_URL } from './use-engine-prefetch.ts';

export type CountState =
  | { phase: 'idle' }
  | { phase: 'engine' | 'counting' }
  | { phase: 'done'; result: LarvaeResult }
  | { phase: 'error' };

/**
 * Counts a photo in the counting worker (count-worker.ts), created on the first count
 * and ended when the component goes away. Works offline once the worker's chunk was
 * stored (use-engine-prefetch.ts, when a counting screen is opened online).
 */
export function useLarvaeCount() {
  const worker = useRef<Worker | null>(null);
  const [state, setState] = useState<CountState>({ phase: 'idle' });

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
    },
    [],
  );

  const count = useCallback((photo: Blob, hatchColor: HatchColor) => {
    if (!worker.current) {
      worker.current = new Worker(COUNT_WORKER_URL, { type: 'module', name: 'larvae-count' });
    }
    const w = worker.current;
    setState({ phase: 'engine' });
    w.onmessage = (event: MessageEvent) => {
      const data = event.data as { stage?: 'engine' | 'counting'; result?: LarvaeResult; error?: string };
      if (data.stage) setState({ phase: data.stage });
      else if (data.result) setState({ phase: 'done', result: data.result });
      else {
        console.error('larvae counter:', data.error);
        setState({ phase: 'error' });
      }
    };
    w.onerror = (event) => {
      console.error('larvae counter:', event.message);
      setState({ phase: 'error' });
      w.terminate();
      if (worker.current === w) worker.current = null;
    };
    w.postMessage({ photo, hatchColor });
  }, []);

  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, count, reset };
}
