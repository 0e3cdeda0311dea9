import { describe, expect, expectTypeOf, it } from 'vitest';
import { API, allEndpoints, fillPath, pathWithQuery, type BodyOf, type PathParam, type QueryOf, type ResponseOf } from './api-paths';
import type { InviteRequest, InviteResponse, MembersQuery } from './groups';
import type { SearchQuery, SearchResponse } from './search';

describe('API paths', () => {
  it('fills each parameter in order, URL-encoded', () => {
    expect(API.discussions.detail.path(3, 45)).toBe('/groups/3/discussions/45');
    expect(API.groups.detail.path('café club/x')).toBe('/groups/caf%C3%A9%20club%2Fx');
    expect(API.members.approve.path(12, 7)).toBe('/api/groups/12/requests/7/approve');
    expect(fillPath('/groups/:id/discussions/:discussionId/comments/:commentId/like', [1, 2, 3])).toBe(
      '/groups/1/discussions/2/comments/3/like',
    );
  });

  it('adds the query values that are set, in order, encoded (what public/first-requests.js starts early)', () => {
    expect(pathWithQuery(API.groups.mine.path(), { limit: 100 })).toBe('/groups/mine?limit=100');
    expect(pathWithQuery('/groups', { search: 'a b&c', cursor: undefined, limit: '' })).toBe('/groups?search=a+b%26c');
    expect(pathWithQuery(API.discussions.comments.path(1, 2), { order: 'oldest', cursor: 'eyJ9' })).toBe(
      '/groups/1/discussions/2/comments?order=oldest&cursor=eyJ9',
    );
    expect(pathWithQuery('/notifications', undefined)).toBe('/notifications');
    expect(pathWithQuery('/notifications', {})).toBe('/notifications');
  });

  it('types each call by the contract: parameters, body, query, response', () => {
    expectTypeOf(API.discussions.detail.path).parameters.toEqualTypeOf<[PathParam, PathParam]>();
    expectTypeOf(API.users.profile.path).parameters.toEqualTypeOf<[]>();
    expectTypeOf<BodyOf<typeof API.members.invite>>().toEqualTypeOf<InviteRequest>();
    expectTypeOf<ResponseOf<typeof API.members.invite>>().toEqualTypeOf<InviteResponse>();
    expectTypeOf<QueryOf<typeof API.members.list>>().toEqualTypeOf<MembersQuery>();
    expectTypeOf<BodyOf<typeof API.members.join>>().toEqualTypeOf<undefined>();
    expectTypeOf<QueryOf<typeof API.search.query>>().toEqualTypeOf<SearchQuery>();
    expectTypeOf<ResponseOf<typeof API.search.query>>().toEqualTypeOf<SearchResponse>();
  });

  it('search (issue 16) is one GET with its query', () => {
    expect(API.search.query.method).toBe('GET');
    expect(pathWithQuery(API.search.query.path(), { q: 'a "b" -c', type: 'discussions', group: 'my-club' })).toBe(
      '/api/search?q=a+%22b%22+-c&type=discussions&group=my-club',
    );
  });

  it('lists each method and path once, every one absolute', () => {
    const all = allEndpoints();
    const keys = all.map((e) => `${e.method} ${e.pattern}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of all) expect(e.pattern).toMatch(/^\/[a-z]/);
    expect(all.length).toBeGreaterThan(70);
  });
});
