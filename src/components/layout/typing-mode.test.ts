// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTypingTarget, keyboardInset, trackTypingMode } from './typing-mode.ts';

describe('typing mode (issue 12 point 9)', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  it('counts text, number and select fields, not buttons or checkboxes', () => {
    const make = (html: string) => {
      document.body.innerHTML = html;
      return document.body.firstElementChild;
    };
    expect(isTypingTarget(make('<input type="text">'))).toBe(true);
    expect(isTypingTarget(make('<input inputmode="decimal">'))).toBe(true);
    expect(isTypingTarget(make('<textarea></textarea>'))).toBe(true);
    expect(isTypingTarget(make('<select><option>a</option></select>'))).toBe(true);
    expect(isTypingTarget(make('<input type="checkbox">'))).toBe(false);
    expect(isTypingTarget(make('<button>Simpan</button>'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('marks <html> while a field has focus, also when focus walks field to field', () => {
    document.body.innerHTML = '<input id="a"><input id="b"><button id="other" type="button">Lain</button>';
    stop = trackTypingMode(document);
    const root = document.documentElement;
    expect(root.dataset.typing).toBeUndefined();
    (document.getElementById('a') as HTMLInputElement).focus();
    expect(root.dataset.typing).toBe('on');
    (document.getElementById('b') as HTMLInputElement).focus();
    expect(root.dataset.typing).toBe('on');
    (document.getElementById('other') as HTMLButtonElement).focus();
    expect(root.dataset.typing).toBeUndefined();
    (document.getElementById('b') as HTMLInputElement).focus();
    (document.getElementById('b') as HTMLInputElement).blur();
    expect(root.dataset.typing).toBeUndefined();
  });

  it('keeps the layout still while a button is pressed, and ends the mode once the press is over', async () => {
    document.body.innerHTML = '<form><input id="a"><button id="save" type="submit">Simpan</button></form>';
    stop = trackTypingMode(document);
    const root = document.documentElement;
    (document.getElementById('a') as HTMLInputElement).focus();
    const save = document.getElementById('save') as HTMLButtonElement;
    // A press: pointerdown, the focus moves to the button, pointerup, click.
    save.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    save.focus();
    expect(root.dataset.typing).toBe('on');
    save.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
    await vi.waitFor(() => expect(root.dataset.typing).toBeUndefined());
  });

  it('measures the part of the page a keyboard overlays (iOS), nothing where it resizes the page', () => {
    const vv = (height: number, offsetTop = 0) => ({ height, offsetTop }) as VisualViewport;
    expect(keyboardInset({ innerHeight: 800, visualViewport: vv(800) })).toBe(0);
    expect(keyboardInset({ innerHeight: 800, visualViewport: vv(450) })).toBe(350);
    expect(keyboardInset({ innerHeight: 800, visualViewport: vv(450, 100) })).toBe(250);
    expect(keyboardInset({ innerHeight: 450, visualViewport: vv(450) })).toBe(0);
    expect(keyboardInset({ innerHeight: 800, visualViewport: null })).toBe(0);
  });
});
