// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFormStore, type FormStore, useStoreValue } from './field-store.ts';

afterEach(cleanup);

type Values = Record<string, string>;
const drawn: string[] = [];

function Box({ store, name }: { store: FormStore<Values>; name: string }) {
  const value = useStoreValue(store, (s) => s[name] ?? '');
  drawn.push(name);
  return <output aria-label={name}>{value}</output>;
}

describe('form store', () => {
  it('redraws only the component whose selection changed', () => {
    const store = createFormStore<Values>({ a: '1', b: '2' });
    render(
      <>
        <Box store={store} name="a" />
        <Box store={store} name="b" />
      </>,
    );
    drawn.length = 0;
    act(() => store.set((s) => ({ ...s, a: '7' })));
    expect(drawn).toEqual(['a']);
    expect(screen.getByLabelText('a').textContent).toBe('7');
  });

  it('tells no one when a change returns the same state', () => {
    const store = createFormStore<Values>({});
    let calls = 0;
    store.subscribe(() => {
      calls += 1;
    });
    store.set((s) => s);
    store.set((s) => ({ ...s, x: '1' }));
    expect(calls).toBe(1);
  });
});
