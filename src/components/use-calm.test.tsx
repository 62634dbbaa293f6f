// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALM_MS, useCalm } from './use-calm.ts';

function Box() {
  const [text, setText] = useState('');
  const { calm, focus, blur } = useCalm(text);
  return (
    <>
      <input
        aria-label="pH"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onFocus={focus}
        onBlur={blur}
      />
      <output>{calm ? `judged ${text}` : 'typing'}</output>
    </>
  );
}

describe('useCalm', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('judges a value set without the focus at once', () => {
    render(<Box />);
    fireEvent.change(screen.getByLabelText('pH'), { target: { value: '7,8' } });
    expect(screen.getByRole('status').textContent).toBe('judged 7,8');
  });

  it('waits while the person types in the focused box, judges after a pause or on leaving', () => {
    render(<Box />);
    const box = screen.getByLabelText('pH');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: '7' } });
    expect(screen.getByRole('status').textContent).toBe('typing');
    act(() => vi.advanceTimersByTime(CALM_MS - 100));
    fireEvent.change(box, { target: { value: '7,' } });
    act(() => vi.advanceTimersByTime(CALM_MS - 100));
    // Each key starts the pause again: still typing.
    expect(screen.getByRole('status').textContent).toBe('typing');
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('status').textContent).toBe('judged 7,');
    fireEvent.change(box, { target: { value: '7,8' } });
    expect(screen.getByRole('status').textContent).toBe('typing');
    fireEvent.blur(box);
    expect(screen.getByRole('status').textContent).toBe('judged 7,8');
  });

  it('leaving the box by a press shows the message once the press is over (the button does not move under it)', () => {
    render(<Box />);
    const box = screen.getByLabelText('pH');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: '7' } });
    fireEvent.pointerDown(document.body);
    fireEvent.blur(box);
    expect(screen.getByRole('status').textContent).toBe('typing');
    fireEvent.pointerUp(document.body);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('judged 7');
  });
});
