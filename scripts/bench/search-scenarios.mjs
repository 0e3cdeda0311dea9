// Search scenarios for `npm run bench` (issue 16 §3). Hooked into scenarios.mjs (`searchScenarios` in
// `buildScenarios`); they read the scale seed of groups.mjs (BENCH_DISCUSSIONS posts, default 200,000, whose texts
// hold the markers of apps/server/src/seed/scale-text.ts). GET /api/search?type=all for a rare word, a common word, a
// two-word phrase and a prefix, as the person in 500 communities; every req/s is printed as a % of the bare route.
// The 2,000,000-post figures, latency with one connection and the plans: `npm run bench:search`,
// apps/server/src/seed/search-timing-cli.ts and docs/perf/search.md.

const QUERIES = [
  { name: 'rare word', q: 'quokka' },
  { name: 'common word', q: 'weekend' },
  { name: 'phrase', q: '"harvest moon"' },
  { name: 'prefix', q: 'photog' },
];

export function searchScenarios(ctx, { connections }) {
  const d = ctx.discussions;
  if (!d) return [];
  const label = `${ctx.groups.seeded.discussions.toLocaleString('en-US')} posts`;
  return QUERIES.map(({ name, q }) => ({
    name: `GET /api/search ${name} (500 communities)`,
    method: 'GET',
    path: `/api/search?q=${encodeURIComponent(q)}&type=all`,
    headers: { authorization: `Bearer ${d.power}` },
    connections,
    note: `all five kinds, ${label}`,
    check: (status, body) => status === 200 && Array.isArray(body?.discussions) && body.discussions.length > 0,
  }));
}
