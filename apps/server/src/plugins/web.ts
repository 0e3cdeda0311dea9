import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { APP_PAGES, appPageOf, type ErrorBody, isAppRoute } from '@agora/contract';
import { LocalUploadStore, S3UploadStore, type UploadStore, uploadKeyOf } from '../lib/file-store';

/** Paths the server owns: a browser navigating there gets them, never the app. */
const SERVER_PREFIXES = ['/api/', '/uploads/', '/socket.io/'];

/**
 * The first page of each web route: the build writes `index.<page>.html`, which also preloads that page's lazy
 * chunks (apps/web/build/page-preloads.ts). Which paths are app routes (200) and which page each shows is the
 * contract's route table (packages/contract/src/routes.ts: `appPageOf`, `isAppRoute`); any other path is a 404 and
 * the app shows "Page Not Found".
 */
const NOT_FOUND_PAGE = 'other';

/**
 * The service worker's own CSP (a worker runs under its script's CSP, not the page's): it may fetch this origin (the
 * precache and navigations, apps/web/src/sw.ts) and load its notification icons, nothing else (decision 0144).
 */
export const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'; img-src 'self'; frame-ancestors 'none'";

const UPLOAD_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** A browser navigation: a GET for HTML, not a file (no extension) and not the API, uploads or the socket. */
function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!(request.headers.accept ?? '').includes('text/html')) return false;
  const url = request.url.split('?')[0] ?? '/';
  if (SERVER_PREFIXES.some((p) => url.startsWith(p)) || url === '/api') return false;
  return !path.posix.basename(url).includes('.');
}

/**
 * A page's own <head> tags for link previews (a blog page, a community page, a discussion: modules/reach/reach.heads.ts),
 * or null to keep index.html's. `origin` is the site's scheme and host, for absolute URLs; `search` the query without
 * `?` (a shared post link is `?post=…` on a page).
 */
export type PageHead = (pathname: string, origin: string, search: string) => Promise<string | null>;

/** index.html with a page's own tags: they replace its <title> and description and go before </head>. */
export function withPageHead(html: Buffer, head: string): string {
  return html
    .toString('utf8')
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', `  ${head}\n  </head>`);
}

/** One page's index.html as built, and its brotli and gzip copies (apps/web/build/precompress.ts). */
type IndexHtml = { identity: Buffer; br?: Buffer; gzip?: Buffer };

function readHtml(file: string): IndexHtml | null {
  if (!existsSync(file)) return null;
  const variant = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
  return { identity: readFileSync(file), br: variant('.br'), gzip: variant('.gz') };
}

/** index.html, and `index.<page>.html` per first page where the build wrote one (else index.html serves). */
function readPages(webDist: string): { index: IndexHtml; pages: Map<string, IndexHtml> } | null {
  const index = readHtml(path.join(webDist, 'index.html'));
  if (!index) return null;
  const pages = new Map<string, IndexHtml>();
  for (const page of [...APP_PAGES, NOT_FOUND_PAGE]) {
    pages.set(page, readHtml(path.join(webDist, `index.${page}.html`)) ?? index);
  }
  return { index, pages };
}

/**
 * Serves the built web app and /uploads on the API's origin. Hashed assets are sent precompressed (brotli or
 * gzip files written at build time) and cached for a year; a browser navigation to any app path gets index.html
 * (compressed the same way); any other unknown path is a JSON 404.
 *
 * Call it before the route modules: the navigation check is attached, through `onRoute`, only to GET routes
 * outside /api, /uploads and /socket.io (the spec's paths without /api, e.g. a bookmarked /users/1), so API
 * requests never run it.
 *
 * /uploads/<kind>/<name> is served from the uploads folder, or, when uploads are in an S3-compatible bucket, answered
 * with a 302 to a short-lived signed URL of the object (docs/decisions/0135-s3-uploads-store.md).
 */
export async function registerWeb(
  app: FastifyInstance,
  opts: { webDist: string; uploads: UploadStore; pageHead?: PageHead },
): Promise<void> {
  await opts.uploads.check();
  const web = readPages(opts.webDist);
  if (!web) app.log.warn(`No web build at ${opts.webDist}: run "npm run build" (npm start does it for you)`);

  const sendApp = (request: FastifyRequest, reply: FastifyReply, built: NonNullable<typeof web>, head: string | null = null) => {
    const url = request.url.split('?')[0] ?? '/';
    const page = appPageOf(url);
    const html = built.pages.get(page ?? NOT_FOUND_PAGE) ?? built.index;
    if (head) {
      // A page with its own tags is assembled per request (and compressed, if at all, by plugins/compression.ts).
      return reply.status(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(withPageHead(html.identity, head));
    }
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
    const body = encoding === 'br' ? html.br : encoding === 'gzip' ? html.gzip : undefined;
    void reply
      .status(page ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding');
    if (body && encoding) void reply.header('Content-Encoding', encoding);
    return reply.send(body ?? html.identity);
  };

  if (web) {
    // Browser navigations get the app even where an API route shares the path (e.g. a bookmarked /users/1), with
    // the page's own head where it has one (a shared discussion, /groups/{id}/discussions/{id}: headFor below).
    const navigation: onRequestHookHandler = async (request, reply) => {
      if (isNavigation(request)) return sendApp(request, reply, web, await headFor(request));
    };
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.includes('GET') && !methods.includes('HEAD')) return;
      if (SERVER_PREFIXES.some((p) => route.url.startsWith(p)) || route.url === '/api') return;
      if (path.posix.basename(route.url).includes('.')) return; // a file: never a navigation
      const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [navigation, ...existing];
    });
  }
  // A navigation to an app route looks up the page's head: under /group/ (blog and community pages) through the
  // not-found handler, as the server has no route there; elsewhere (a discussion) through the navigation hook above.
  const headFor = async (request: FastifyRequest): Promise<string | null> => {
    const url = request.url.split('?')[0] ?? '/';
    if (!opts.pageHead || !isAppRoute(url)) return null;
    try {
      return await opts.pageHead(url, `${request.protocol}://${request.host}`, request.url.slice(url.length + 1));
    } catch (error) {
      request.log.warn({ err: error }, 'page head lookup failed; serving the plain page');
      return null;
    }
  };
  app.setNotFoundHandler(async (request, reply) => {
    if (web && isNavigation(request)) return sendApp(request, reply, web, await headFor(request));
    const body: ErrorBody = { message: 'Not found', code: 'not_found', requestId: request.id };
    return reply.status(404).send(body);
  });

  await app.register(async (uploads) => {
    // Uploaded files are never documents of this origin: no scripts, no plugins, sandboxed. Set at onSend, after
    // the security headers every response gets (plugins/security.ts), so these win.
    uploads.addHook('onSend', (_request, reply, payload, done) => {
      void reply.headers(UPLOAD_HEADERS);
      done(null, payload);
    });
    if (opts.uploads instanceof S3UploadStore) return registerSignedRedirects(uploads, opts.uploads);
    if (!(opts.uploads instanceof LocalUploadStore)) throw new Error('Unknown upload store');
    await uploads.register(fastifyStatic, {
      root: opts.uploads.dir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      immutable: true,
      maxAge: '365d',
    });
  });
  if (!web) return;
  await app.register(async (scope) => {
    // After the app-wide security headers (plugins/security.ts), like /uploads' sandbox above.
    scope.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.split('?')[0] === '/sw.js') void reply.header('Content-Security-Policy', SERVICE_WORKER_CSP);
      done(null, payload);
    });
    await scope.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      // `<file>.br` / `<file>.gz` from the build, chosen by Accept-Encoding, with `Vary: Accept-Encoding`.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // The same URL has brotli, gzip and plain bodies: caches must key on Accept-Encoding (@fastify/static
        // does not say so itself). Since @fastify/static 10, `res` is Fastify's reply (`header`, not `setHeader`).
        res.header('Vary', 'Accept-Encoding');
        // Hashed build assets never change; everything else is revalidated (/sw.js included: a browser checks it for
        // a new version on each navigation, and must never get a stale copy from an HTTP cache).
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
      },
    });
  });
}

/**
 * S3 mode: GET /uploads/<kind>/<name> redirects (302) to a signed URL of the object, reused within a 5-minute
 * window and valid 5 minutes at least (S3UploadStore.signedUrl); the stored and answered paths stay /uploads/….
 * Anything that is not one of our upload paths is the JSON 404 of a missing file.
 */
function registerSignedRedirects(scope: FastifyInstance, store: S3UploadStore): void {
  scope.get('/uploads/*', async (request, reply) => {
    const key = uploadKeyOf(request.url.split('?')[0]);
    if (!key) {
      const body: ErrorBody = { message: 'Not found', code: 'not_found' };
      return reply.status(404).send(body);
    }
    const { url, maxAgeS } = await store.signedUrl(key);
    return reply.header('Cache-Control', `private, max-age=${maxAgeS}`).redirect(url, 302);
  });
}
