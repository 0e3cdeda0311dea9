import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { SITEMAP_KINDS } from './reach.queries';
import { communityFeedXml, type Reach, robotsTxt, sitemapPageXml, sitemapXml } from './reach.service';

/**
 * GET /robots.txt, /sitemap.xml, /sitemap-{communities,discussions,blogs}.xml?after={id} and
 * /groups/{slug or id}/feed.xml (issue 18 §4, decision 0139): server routes at the root, outside the spec's API
 * (no /api alias). Their paths end in a file extension, so a browser navigation never turns them into the web app
 * (plugins/web.ts). Shared caches may keep them as long as the server does (SITEMAP_CACHE_SECONDS).
 */

const INT4_MAX = 2_147_483_647;
const NOT_FOUND = { message: 'Not found', code: 'not_found' } as const;

export async function reachRoutes(app: FastifyInstance, { ctx, reach }: { ctx: AppContext; reach: Reach }) {
  const seconds = Math.floor(reach.options.cacheMs / 1000);
  const cacheControl = seconds > 0 ? `public, max-age=${seconds}` : 'no-cache';
  const sendXml = (reply: FastifyReply, body: string, type = 'application/xml') =>
    reply.type(`${type}; charset=utf-8`).header('Cache-Control', cacheControl).send(body);

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robotsTxt(ctx)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => sendXml(reply, await sitemapXml(ctx, reach)));

  for (const kind of SITEMAP_KINDS) {
    app.get<{ Querystring: { after?: string } }>(`/sitemap-${kind}.xml`, { schema: { hide: true } }, async (request, reply) => {
      const after = request.query.after ?? '0';
      // Digits only; and only the `after` of a page the index names (sitemapPageXml), else a 404.
      if (!/^(0|[1-9][0-9]{0,9})$/.test(after) || Number(after) > INT4_MAX) return reply.status(404).send(NOT_FOUND);
      const page = await sitemapPageXml(ctx, reach, kind, Number(after));
      return page === null ? reply.status(404).send(NOT_FOUND) : sendXml(reply, page);
    });
  }

  app.get<{ Params: { id: string } }>('/groups/:id/feed.xml', { schema: { hide: true } }, async (request, reply) =>
    sendXml(reply, await communityFeedXml(ctx, reach, request.params.id), 'application/rss+xml'),
  );
}
