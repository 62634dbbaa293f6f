// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ShowMore, useFirst } from './show-more.tsx';

afterEach(cleanup);

function List({ items, first }: { items: string[]; first: number }) {
  const { shown, hidden, showAll } = useFirst(items, first);
  return (
    <>
      <ul>
        {shown.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <ShowMore hidden={hidden} onClick={showAll} />
    </>
  );
}

describe('a long list shortened to its first items', () => {
  it('shows the first ones and a button for the rest, then all of them on a tap', () => {
    render(<List items={['a', 'b', 'c', 'd', 'e', 'f', 'g']} first={5} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a', 'b', 'c', 'd', 'e']);
    // The translation key with its count (i18n is not started here).
    fireEvent.click(screen.getByRole('button', { name: 'actions.showMore' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows no button when the list is short enough, or shown whole', () => {
    render(<List items={['a', 'b']} first={5} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    render(<List items={['a', 'b', 'c']} first={Number.POSITIVE_INFINITY} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
