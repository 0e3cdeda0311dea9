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
 * Security headers with a CSP the web app satisfies (no inline scripts; inline styles are allowed for the
 * style attributes that Radix and the cropper set), on every response; and CORS, closed unless CORS_ORIGINS
 * names origins (closed, the CORS plugin is not even registered: same-origin requests need nothing from it).
 */
export async function registerSecurity(app: FastifyInstance, corsOrigins: string[]): Promise<void> {
  const headers = precomputeHelmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://www.instagram.com'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  // Set before anything else runs, so 404s, errors and files carry them too; a route may still override one
  // (the API docs' own CSP).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  if (corsOrigins.length > 0) await app.register(cors, { origin: corsOrigins, credentials: true });
}
