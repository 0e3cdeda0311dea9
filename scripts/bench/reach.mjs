// The reach scenarios (issue 18 §4, decision 0139): what crawlers and feed readers ask for, as a visitor. The sitemap
// and the feed are kept in memory for SITEMAP_CACHE_SECONDS (default 60): run once as is and once with
// SITEMAP_CACHE_SECONDS=0 to see what the cache saves, e.g.
//   BENCH_ONLY='GET /sitemap.xml,GET /groups/{slug}/feed.xml' BENCH_WEB=0 BENCH_ROUNDS=1 npm run bench
//   SITEMAP_CACHE_SECONDS=0 BENCH_ONLY=… npm run bench
// (the server child inherits the environment). Goal: both at ≥ 10% of the bare route without the cache.

/** The sitemap, a public community's feed, and that community's page as a crawler fetches it (HTML with its head). */
export function reachScenarios(ctx, { connections }) {
  const b = ctx.blogs;
  if (!b) return [];
  const goal = { minPctOfBare: 10 };
  return [
    {
      name: 'GET /sitemap.xml',
      method: 'GET',
      path: '/sitemap.xml',
      connections,
      note: 'the index of every public community, discussion and blog (demo + seed:scale data: keyset pages of 50,000): cached in memory unless SITEMAP_CACHE_SECONDS=0',
      goal,
      check: (status, _json, res) => status === 200 && /<(urlset|sitemapindex) /.test(res.text),
    },
    {
      name: 'GET /groups/{slug}/feed.xml',
      method: 'GET',
      path: `/groups/${b.blog.slug}/feed.xml`,
      connections,
      note: "a public community's RSS feed (50 newest discussions and blogs): the privacy check per request, the items cached",
      goal,
      check: (status, _json, res) => status === 200 && res.text.includes('<rss version="2.0"'),
    },
    {
      name: 'GET /group/{slug} (HTML)',
      method: 'GET',
      path: `/group/${b.blog.slug}`,
      headers: { accept: 'text/html', 'accept-encoding': 'identity' },
      connections,
      note: "a crawler's request for a community page: index.html with its Open Graph tags (not cached)",
      goal,
      check: (status, _json, res) => status === 200 && res.text.includes('<meta property="og:title"'),
    },
  ];
}
