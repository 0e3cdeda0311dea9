import { APP_ROUTE_LIST, routerPath } from '@agora/contract';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

/** Every full path the router matches (index routes are their parent's path; the catch-all is left out). */
function routerPaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const own =
      route.path === undefined ? parent : route.path.startsWith('/') ? route.path.slice(1) : [parent, route.path].filter(Boolean).join('/');
    const here = route.index || (route.path !== undefined && !route.children) ? [own] : [];
    return [...here, ...(route.children ? routerPaths(route.children, own) : [])];
  });
}

describe('the web router and the contract route table', () => {
  it('match route for route (the route list exists once)', () => {
    const router = routerPaths(routes).map((p) => p.replace(/\/$/, ''));
    const contract = APP_ROUTE_LIST.map((r) => routerPath(r.pattern));
    expect([...router].sort()).toEqual([...contract].sort());
  });
});
