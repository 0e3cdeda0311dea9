// Blogs scenarios for `npm run bench` (issue 8). Hooked into scenarios.mjs (`blogsSetup` in `setup`,
// `blogScenarios` in `buildScenarios`).
//
// They read the demo blogs the server seeds (SEED_DEMO=true: apps/server/src/seed/demo-blogs.ts): the reader (a demo
// user) sees the blogs of the communities she joined in her home strip; the first of them is the blog page measured.
// Goal: the blog page and the home strip at ≥ 10% of the bare Fastify route in the same run (issue 8).

/** The first blog of the reader's home strip, and the strip's length: what the scenarios check against. */
export async function blogsSetup(baseUrl, { token, requestJson }) {
  const strip = await requestJson(baseUrl, { path: '/groups/joined/blogs', headers: { authorization: `Bearer ${token}` } });
  const blogs = strip.json?.blogs;
  if (strip.status !== 200 || !Array.isArray(blogs) || blogs.length === 0)
    throw new Error(`The reader's home strip has no blogs (HTTP ${strip.status}): are the demo blogs seeded?`);
  const [blog] = blogs;
  return { blog: { id: blog.id, groupId: blog.group_id, slug: blog.slug }, stripLength: blogs.length };
}

/** The blogs scenarios: the blog page (API and the HTML with its Open Graph head), the Blogs tab and the home strip. */
export function blogScenarios(ctx, { connections }) {
  const b = ctx.blogs;
  if (!b) return [];
  const auth = { authorization: `Bearer ${ctx.token}` };
  const goal = { minPctOfBare: 10 };
  return [
    {
      name: 'GET /groups/blog/{id} (visitor)',
      method: 'GET',
      path: `/groups/blog/${b.blog.id}`,
      connections,
      note: 'the blog page: one blog with its community and author',
      goal,
      check: (status, json) => status === 200 && json?.blog?.id === b.blog.id && json.blog.is_liked === false,
    },
    {
      name: 'GET /groups/blog/{id} (signed in)',
      method: 'GET',
      path: `/groups/blog/${b.blog.id}`,
      headers: auth,
      connections,
      note: 'session lookup + the same blog with is_liked for the reader',
      goal,
      check: (status, json) => status === 200 && json?.blog?.id === b.blog.id && typeof json.blog.is_liked === 'boolean',
    },
    {
      name: 'GET /groups/joined/blogs (home strip)',
      method: 'GET',
      path: '/groups/joined/blogs',
      headers: auth,
      connections,
      note: `session lookup + the newest blogs of the reader's communities (${b.stripLength} on the first page)`,
      goal,
      check: (status, json) => status === 200 && json?.blogs?.length === b.stripLength && json.blogs[0].id === b.blog.id,
    },
    {
      name: 'GET /api/groups/{id}/posts (Blogs tab)',
      method: 'GET',
      path: `/api/groups/${b.blog.groupId}/posts`,
      headers: auth,
      connections,
      note: "session lookup + the community's access check and its newest blogs",
      check: (status, json) => status === 200 && Array.isArray(json?.posts) && json.posts.some((p) => p.id === b.blog.id),
    },
    {
      name: 'GET /group/{slug}/blogs/blogpage/{id} (HTML)',
      method: 'GET',
      path: `/group/${b.blog.slug}/blogs/blogpage/${b.blog.id}`,
      headers: { accept: 'text/html', 'accept-encoding': 'identity' },
      connections,
      note: "a browser's first request for a blog page: index.html with the blog's Open Graph tags substituted",
      check: (status, _json, res) => status === 200 && res.text.includes('<meta property="og:title"'),
    },
  ];
}
