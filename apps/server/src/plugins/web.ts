import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ErrorBody, isAppRoute } from '@agora/contract';

const API_PREFIXES = ['/api/', '/uploads/', '/socket.io/'];

/** A browser navigation: a GET for HTML, not a file (no extension) and not the API, uploads or the socket. */
function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!(request.headers.accept ?? '').includes('text/html')) return false;
  const url = request.url.split('?')[0] ?? '/';
  if (API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api') return false;
  return !path.posix.basename(url).includes('.');
}

/**
 * Serves the built web app and /uploads on the API's origin. A browser navigation gets index.html: with 200 for
 * one of the app's routes (contract/routes.ts), with 404 for any other path (the app shows its own "Page Not
 * Found", and crawlers and monitors see a real 404). Any other unknown path is a JSON 404.
 */
export async function registerWeb(app: FastifyInstance, opts: { webDist: string; uploadsDir: string }): Promise<void> {
  await mkdir(opts.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: opts.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    },
  });

  const indexFile = path.join(opts.webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Hashed build assets never change; everything else is revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'no-cache');
      },
    });
  } else {
    app.log.warn(`No web build at ${opts.webDist}: run "npm run build" (npm start does it for you)`);
  }
  const indexHtml = hasWeb ? readFileSync(indexFile) : null;
  const sendApp = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .status(isAppRoute(request.url.split('?')[0] ?? '/') ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(indexHtml);

  // Browser navigations get the app even where an API route shares the path (e.g. a bookmarked /users/1).
  app.addHook('onRequest', async (request, reply) => {
    if (indexHtml && isNavigation(request)) return sendApp(request, reply);
  });
  app.setNotFoundHandler((request, reply) => {
    if (indexHtml && isNavigation(request)) return sendApp(request, reply);
    const body: ErrorBody = { message: 'Not found', code: 'not_found' };
    return reply.status(404).send(body);
  });
}
