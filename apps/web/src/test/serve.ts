import { json, makeProfile, mockFetch } from './render-app';

export type Reply = Response | Promise<Response>;
export type Routes = Record<string, (body: unknown, url: string) => Reply>;

/**
 * Answers "METHOD /path?query" from `routes` (exact match first, then without the query). The signed-in shell's
 * own calls (own profile, community lists, the home feed's discussions and blogs, the bell's count, the friends
 * panel) get harmless empty answers unless a
 * route names them; anything else is a 599 the test will notice.
 */
export function serve(routes: Routes) {
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
    if (handler) return handler(body, url);
    if (url === '/users/profile') return json(200, makeProfile());
    // The email banner's question (issue 14 §2): a confirmed account unless a route says otherwise.
    if (method === 'GET' && url === '/api/account') return json(200, { email: 'ada@example.com', emailVerified: true, pendingEmail: null, siteAdmin: false });
    // What the person muted (issue 14 §6): nothing unless a route says otherwise.
    if (method === 'GET' && url === '/api/notifications/mutes')
      return json(200, { groups: [], discussions: [], mutedGroups: [], mutedDiscussions: [] });
    if (url.startsWith('/groups/joined/discussions') || url.startsWith('/groups/suggested/discussions'))
      return json(200, { discussions: [], nextCursor: null });
    if (url.startsWith('/groups/joined/blogs')) return json(200, { blogs: [], nextCursor: null });
    if (url.startsWith('/groups/joined') || url.startsWith('/groups/mine')) return json(200, { groups: [], nextCursor: null });
    if (method === 'GET' && url.split('?')[0] === '/notifications')
      return json(200, { notifications: [], unreadCount: 0, nextCursor: null });
    if (method === 'GET' && url.split('?')[0] === '/api/users/blocked') return json(200, { users: [], total: 0, nextCursor: null });
    // The staff's report count on a community page (issue 15 §2): nothing open unless a route says otherwise.
    if (method === 'GET' && /^\/api\/groups\/\d+\/reports/.test(url)) return json(200, { reports: [], openCount: 0, nextCursor: null });
    if (method === 'GET' && /^\/friends\/\d+\/friends/.test(url)) return json(200, { friends: [], total: 0, nextCursor: null });
    // The staff's banned list and moderation log on the Members tab (issue 15): empty unless a route says otherwise.
    if (method === 'GET' && /^\/api\/groups\/\d+\/bans/.test(url)) return json(200, { bans: [], nextCursor: null });
    if (method === 'GET' && /^\/api\/groups\/\d+\/modlog/.test(url)) return json(200, { entries: [], nextCursor: null });
    return json(599, { message: `unexpected ${method} ${url}`, code: 'test' });
  });
}

/** A response the test releases when it wants (to look at the screen while a call is on its way). */
export function deferred() {
  let resolve: (r: Response) => void = () => {};
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}
