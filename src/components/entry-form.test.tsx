// @vitest-environment happy-dom
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Formik } from 'formik';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntryForm } from './entry-form.tsx';
import { FormikForm } from './form-field.tsx';

afterEach(cleanup);

const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function Fields({ more = false }: { more?: boolean }) {
  return (
    <>
      <label>
        Name <input />
      </label>
      <label>
        Area <input inputMode="decimal" />
      </label>
      <input type="checkbox" aria-label="Active" />
      <button type="button">Add</button>
      <label>
        Disabled <input disabled />
      </label>
      <details open={more || undefined}>
        <summary>More</summary>
        <label>
          Depth <input />
        </label>
      </details>
      <label>
        Block
        <select>
          <option>A</option>
        </select>
      </label>
      <button type="submit">Save</button>
    </>
  );
}

describe('EntryForm', () => {
  it('moves Enter to the next field a person fills and never submits', () => {
    const submit = vi.fn();
    render(
      <EntryForm onSubmit={submit}>
        <Fields />
      </EntryForm>,
    );
    box('Name').focus();
    expect(fireEvent.keyDown(box('Name'), { key: 'Enter' })).toBe(false);
    expect(document.activeElement).toBe(box('Area'));
    // Checkbox, button, disabled box and the folded section are skipped.
    fireEvent.keyDown(box('Area'), { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByLabelText('Block'));
    fireEvent.keyDown(screen.getByLabelText('Block'), { key: 'Enter' });
    expect(submit).not.toHaveBeenCalled();
  });

  it('follows a field that names its next one (a column of ponds × times), else reading order', () => {
    render(
      <EntryForm onSubmit={vi.fn()}>
        <input aria-label="A 06" data-enter-id="a|06" data-enter-next="b|06" />
        <input aria-label="A 10" data-enter-id="a|10" data-enter-next="b|10" />
        <input aria-label="B 06" data-enter-id="b|06" data-enter-next="a|10" />
        <input aria-label="B 10" data-enter-id="b|10" data-enter-next="gone" />
        <input aria-label="Note" />
      </EntryForm>,
    );
    box('A 06').focus();
    fireEvent.keyDown(box('A 06'), { key: 'Enter' });
    expect(document.activeElement).toBe(box('B 06'));
    fireEvent.keyDown(box('B 06'), { key: 'Enter' });
    expect(document.activeElement).toBe(box('A 10'));
    fireEvent.keyDown(box('A 10'), { key: 'Enter' });
    expect(document.activeElement).toBe(box('B 10'));
    // a name that is not there: the next in reading order
    fireEvent.keyDown(box('B 10'), { key: 'Enter' });
    expect(document.activeElement).toBe(box('Note'));
  });

  it('walks into an opened section and labels the keyboard key next/done', async () => {
    render(
      <EntryForm onSubmit={vi.fn()}>
        <Fields more />
      </EntryForm>,
    );
    box('Area').focus();
    fireEvent.keyDown(box('Area'), { key: 'Enter' });
    expect(document.activeElement).toBe(box('Depth'));
    await waitFor(() => expect(box('Name').getAttribute('enterkeyhint')).toBe('next'));
    expect(screen.getByLabelText('Block').getAttribute('enterkeyhint')).toBe('done');
  });

  it('labels fields that appear later when they get focus', async () => {
    const { rerender } = render(
      <EntryForm onSubmit={vi.fn()}>
        <label>
          First <input />
        </label>
      </EntryForm>,
    );
    await waitFor(() => expect(box('First').getAttribute('enterkeyhint')).toBe('done'));
    rerender(
      <EntryForm onSubmit={vi.fn()}>
        <label>
          First <input />
        </label>
        <label>
          Second <input />
        </label>
      </EntryForm>,
    );
    fireEvent.focus(box('First'));
    expect(box('First').getAttribute('enterkeyhint')).toBe('next');
    fireEvent.focus(box('Second'));
    expect(box('Second').getAttribute('enterkeyhint')).toBe('done');
  });

  it('leaves the last field on Enter ("done") without saving', () => {
    const submit = vi.fn();
    render(
      <EntryForm onSubmit={submit}>
        <Fields />
      </EntryForm>,
    );
    const last = screen.getByLabelText('Block');
    last.focus();
    fireEvent.keyDown(last, { key: 'Enter' });
    expect(document.activeElement).not.toBe(last);
    expect(submit).not.toHaveBeenCalled();
  });

  it("walks into a text area (a note's body) and leaves Enter there a new line", async () => {
    const submit = vi.fn();
    render(
      <EntryForm onSubmit={submit}>
        <label>
          Labels <input />
        </label>
        <label>
          Body <textarea />
        </label>
        <label>
          Photo <input type="file" />
        </label>
        <button type="submit">Save</button>
      </EntryForm>,
    );
    // Next on the box before the body says "next" and lands in the body, the keyboard stays up.
    await waitFor(() => expect(box('Labels').getAttribute('enterkeyhint')).toBe('next'));
    box('Labels').focus();
    expect(fireEvent.keyDown(box('Labels'), { key: 'Enter' })).toBe(false);
    expect(document.activeElement).toBe(screen.getByLabelText('Body'));
    // In the body Enter is the browser's: a new line (not cancelled), no jump, no save.
    const body = screen.getByLabelText('Body');
    expect(body.getAttribute('enterkeyhint')).toBeNull();
    expect(fireEvent.keyDown(body, { key: 'Enter' })).toBe(true);
    expect(document.activeElement).toBe(body);
    expect(submit).not.toHaveBeenCalled();
  });

  it('saves from the save button, and a question form may send from its last field', async () => {
    const submit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <EntryForm onSubmit={submit} lastEnter="submit">
        <Fields />
      </EntryForm>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByLabelText('Block').getAttribute('enterkeyhint')).toBe('go'));
    const last = screen.getByLabelText('Block');
    last.focus();
    fireEvent.keyDown(last, { key: 'Enter' });
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it('ignores a submit that follows Enter in a field (a keyboard that submits anyway)', () => {
    const submit = vi.fn();
    render(
      <EntryForm onSubmit={submit}>
        <Fields />
      </EntryForm>,
    );
    fireEvent.keyDown(box('Name'), { key: 'Enter' });
    fireEvent.submit(box('Name').form as HTMLFormElement);
    expect(submit).not.toHaveBeenCalled();
  });

  it('is what FormikForm draws, so Formik forms get the same rule', () => {
    const submit = vi.fn();
    render(
      <Formik initialValues={{}} onSubmit={submit}>
        <FormikForm>
          <Fields />
        </FormikForm>
      </Formik>,
    );
    box('Name').focus();
    fireEvent.keyDown(box('Name'), { key: 'Enter' });
    expect(document.activeElement).toBe(box('Area'));
    expect(box('Name').form?.dataset.enter).toBe('next');
  });
});

describe('every form of the app', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : path.endsWith('.tsx') ? [path] : [];
    });

  it('is an EntryForm or FormikForm: no bare <form>, no formik <Form>', () => {
    const offenders = [...files('src/features'), ...files('src/app'), ...files('src/components')]
      .filter((path) => !path.endsWith('entry-form.tsx') && !path.endsWith('.test.tsx'))
      .filter((path) => {
        const source = readFileSync(path, 'utf8');
        return /<form[\s>]/.test(source) || /<Form[\s>]/.test(source);
      });
    expect(offenders).toEqual([]);
  });
});
