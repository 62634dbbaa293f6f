// @vitest-environment happy-dom
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useNavigateAfterPaint, useQuickOpen } from './quick-open.ts';

afterEach(cleanup);

function Slot() {
  const open = useQuickOpen();
  return (
    <Link
      to="/next"
      search={{ pond: 'p1' }}
      onClick={open.onClick}
      data-opening={open.opening ? 'yes' : 'no'}
    >
      slot
    </Link>
  );
}

function Save() {
  const navigate = useNavigateAfterPaint();
  return (
    <button type="button" onClick={() => navigate({ to: '/next' })}>
      save
    </button>
  );
}

function setup(component = Slot) {
  const root = createRootRoute();
  const list = createRoute({ getParentRoute: () => root, path: '/', component });
  const next = createRoute({
    getParentRoute: () => root,
    path: '/next',
    component: () => <p>next screen</p>,
  });
  const router = createRouter({
    routeTree: root.addChildren([list, next]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useQuickOpen', () => {
  it('marks the link as opening in the tap, and opens its href only after that frame', async () => {
    const router = setup();
    const link = await screen.findByText('slot');
    const notPrevented = fireEvent.click(link);
    // The tap itself draws the pressed link and does not move yet.
    expect(notPrevented).toBe(false);
    expect(link.getAttribute('data-opening')).toBe('yes');
    expect(router.state.location.pathname).toBe('/');
    await screen.findByText('next screen');
    expect(router.state.location.href).toBe('/next?pond=p1');
  });

  it('leaves a tap with a modifier to the browser (a new tab)', async () => {
    const router = setup();
    const link = await screen.findByText('slot');
    fireEvent.click(link, { ctrlKey: true });
    expect(link.getAttribute('data-opening')).toBe('no');
    expect(router.state.location.pathname).toBe('/');
  });

  it('a second tap while opening opens once', async () => {
    const router = setup();
    const link = await screen.findByText('slot');
    const pushes: string[] = [];
    router.history.subscribe(({ location }) => pushes.push(location.pathname));
    fireEvent.click(link);
    fireEvent.click(link);
    await screen.findByText('next screen');
    expect(pushes).toEqual(['/next']);
  });

  it("after a save, moves on once the save's frame is painted", async () => {
    const router = setup(Save);
    fireEvent.click(await screen.findByText('save'));
    expect(router.state.location.pathname).toBe('/');
    await screen.findByText('next screen');
  });
});
