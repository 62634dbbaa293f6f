// @vitest-environment happy-dom
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePreloadScreens } from './preload-screens.ts';

afterEach(cleanup);

/** A router whose `/farm/$farm_id/feed/add` screen counts the loads of its code. */
function setup(paths: string[]) {
  const loads: string[] = [];
  const lazy = (name: string) =>
    lazyRouteComponent(() => {
      loads.push(name);
      return Promise.resolve({ Screen: () => <p>{name}</p> });
    }, 'Screen');
  function List() {
    usePreloadScreens(paths);
    return <p>list</p>;
  }
  const root = createRootRoute();
  const list = createRoute({ getParentRoute: () => root, path: '/', component: List });
  const feed = createRoute({
    getParentRoute: () => root,
    path: '/farm/$farm_id/feed/add',
    component: lazy('feed'),
  });
  const death = createRoute({
    getParentRoute: () => root,
    path: '/farm/$farm_id/death/add',
    component: lazy('death'),
  });
  const router = createRouter({
    routeTree: root.addChildren([list, feed, death]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return { router, loads };
}

describe('usePreloadScreens', () => {
  it("loads the named screens' code after the list is shown, once each, and no other", async () => {
    const { router, loads } = setup([
      '/farm/$farm_id/feed/add',
      '/farm/$farm_id/nope',
      '/farm/$farm_id/feed/add',
    ]);
    render(<RouterProvider router={router} />);
    await screen.findByText('list');
    await waitFor(() => expect(loads).toEqual(['feed']));
    // The tap then finds the code there: the screen draws without loading it again.
    await router.navigate({ to: '/farm/$farm_id/feed/add', params: { farm_id: 'f1' } });
    await screen.findByText('feed');
    expect(loads).toEqual(['feed']);
  });

  it('loads nothing for an empty list', async () => {
    const { router, loads } = setup([]);
    render(<RouterProvider router={router} />);
    await screen.findByText('list');
    await router.navigate({ to: '/farm/$farm_id/death/add', params: { farm_id: 'f1' } });
    await screen.findByText('death');
    expect(loads).toEqual(['death']);
  });
});
