import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets, worked out once: helmet's options never change while the server runs, but
 * @fastify/helmet re-parses them (and the whole CSP) on every request, which cost about 14% of the CPU of a
 * small API answer. helmet's middleware only sets and removes headers, synchronously.
 */
export function precomputeHelmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Security headers, and CORS closed unless CORS_ORIGINS names origins (closed, the CORS plugin is not even
 * registered: same-origin requests need nothing from it).
 *
 * HTML documents (the web app, the API docs) get helmet's full set with a CSP the web app satisfies (no inline
 * scripts; inline styles are allowed for the style attributes that Radix and the cropper set). Everything else
 * (JSON, scripts, styles, images, errors) gets the headers that matter for a resource that is not a document, as
 * OWASP advises for APIs: nosniff, same-origin CORP, HSTS, and a CSP that allows nothing if it is ever opened as a
 * page. The document-only headers (frame options, opener policy, referrer policy, legacy IE and Flash ones) would
 * only cost each API answer time and bytes.
 */
export async function registerSecurity(app: FastifyInstance, corsOrigins: string[], imageOrigins: string[] = []): Promise<void> {
  const documentHeaders = precomputeHelmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Post text shows bracketed image links from any https host (SPEC §2 "Post text rendering"); never http.
        // `imageOrigins`: the S3 store's origin, which /uploads redirects to (lib/file-store.ts), even an http one.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...imageOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        // Exactly the embeds the rich text makes: the privacy-enhanced video player and photo-sharing embed pages.
        frameSrc: ['https://www.youtube-nocookie.com', 'https://www.instagram.com'],
        // The installable app (decision 0144): the service worker at /sw.js and /manifest.webmanifest.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  const resourceHeaders: Record<string, string> = {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Content-Type-Options': 'nosniff',
  };
  const hsts = documentHeaders['Strict-Transport-Security'];
  if (hsts) resourceHeaders['Strict-Transport-Security'] = hsts;
  // At onSend every answer (404s, errors and files included) has its content type. A scope that needs other
  // values sets them in its own onSend hook, which runs after this one (the API docs' CSP, /uploads' sandbox).
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    void reply.headers(typeof type === 'string' && type.startsWith('text/html') ? documentHeaders : resourceHeaders);
    done(null, payload);
  });
  if (corsOrigins.length > 0) await app.register(cors, { origin: corsOrigins, credentials: true });
}
