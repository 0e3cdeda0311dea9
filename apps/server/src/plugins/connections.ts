import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { clientKey } from '../lib/client-ip';

/** Connection limits: how long a client may take and how many connections may be open at once. */
export type HttpLimits = {
  /** Whole request, headers and body, from its first byte (Node's requestTimeout): a trickled body is cut here. */
  requestTimeoutMs: number;
  /** Receiving the request headers (Node's headersTimeout). */
  headersTimeoutMs: number;
  /** A socket with no traffic at all (Fastify's connectionTimeout). */
  idleTimeoutMs: number;
  /** An idle keep-alive connection between requests. */
  keepAliveTimeoutMs: number;
  /**
   * Requests one keep-alive connection may carry before it is closed; 0 = no cap. Node answers a request past the
   * cap with its own 503 whenever the client sent it before reading `Connection: close` (pipelining clients, load
   * generators): a healthy server then reports failures. The idle, header and request timeouts and
   * `maxConnections` already bound what one connection can hold, so the default is no cap.
   */
  maxRequestsPerSocket: number;
  /** Open connections at once; further ones are refused by the server until some close. */
  maxConnections: number;
  /**
   * Open connections at once from one address (IPv6: one /64); 0 = no cap. Off behind a reverse proxy
   * (TRUST_PROXY), where every connection comes from the proxy: the proxy limits per client there.
   */
  maxConnectionsPerIp: number;
  /**
   * A request body arriving slower than this on average (bytes per second) is cut once `minBodyRateAfterMs` have
   * passed since the request began: a client trickling a body cannot hold a connection for the whole request timeout.
   */
  minBodyBytesPerSecond: number;
  minBodyRateAfterMs: number;
  /** How often Node checks the request and header timeouts. */
  checkIntervalMs: number;
  /**
   * On shutdown the listener stays open until no client has dialled for this long (at most LISTEN_DRAIN_MAX_MS),
   * answering late arrivals with `Connection: close`: closing a listener resets the connections still in its
   * accept queue, which cuts a request a client had already sent. 0 closes it at once.
   */
  listenQuietMs: number;
};

/**
 * The defaults. 120 s lets a 15 MB banner upload over a 1 Mbit/s link finish; 15 s of headers is generous for
 * any real client. 10,000 connections keep well inside a default 20,000 file descriptors, leaving room for the
 * database pool, uploads and logs.
 */
export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  requestTimeoutMs: 120_000,
  headersTimeoutMs: 15_000,
  idleTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  maxRequestsPerSocket: 0,
  maxConnections: 10_000,
  maxConnectionsPerIp: 200,
  minBodyBytesPerSecond: 1024,
  minBodyRateAfterMs: 10_000,
  checkIntervalMs: 5_000,
  listenQuietMs: 250,
};

/** The longest the listener stays open on shutdown while clients keep dialling (see HttpLimits.listenQuietMs). */
const LISTEN_DRAIN_MAX_MS = 5_000;

/** How often bodies in progress are checked against the minimum data rate. */
const BODY_RATE_CHECK_MS = 1000;

/** The Fastify server options for these limits (buildApp spreads them into `Fastify({...})`). */
export function httpServerOptions(limits: HttpLimits): Partial<FastifyServerOptions> {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    maxRequestsPerSocket: limits.maxRequestsPerSocket,
    // During shutdown, requests arriving on open connections are still served (with Connection: close) rather
    // than answered 503: shutdown must produce no 5xx (see closeGracefully).
    return503OnClosing: false,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.checkIntervalMs },
  } as Partial<FastifyServerOptions>;
}

/** How long a connection whose body was not read lingers after its answer, so the client can read the answer. */
const LINGER_MS = 1000;

/**
 * Connection hygiene. (1) A response sent before the request body was read (413 on an endless upload, 401 on an
 * upload without a session, a truncated multipart) ends the connection without reading on: the body stops
 * being read (paused, so the client is held back by TCP flow control), the server half-closes after the answer
 * and destroys the socket a second later. Not `Connection: close`: Node would then close the socket at once
 * with unread data in it, which makes the kernel send a reset that discards the answer before the client reads
 * it. (2) `maxConnections` bounds open sockets. (3) On close, keep-alive connections are not cut while a client
 * may be sending on them: each gets its in-flight answer with Connection: close (Fastify's closing state), and
 * idle ones are left to their keep-alive timeout, and the listener closes only once clients stopped dialling
 * (drainListener), so a shutdown resets nobody. (4) `maxConnectionsPerIp` bounds
 * what one address holds, so one host cannot take the whole `maxConnections` (10,200 trickling connections from
 * one host failed 35 of 36 health checks from elsewhere): a connection beyond it is closed at once. (5) A body
 * slower than `minBodyBytesPerSecond` on average after `minBodyRateAfterMs` is cut (the connection destroyed)
 * instead of holding its connection until the request timeout.
 */
export function registerConnectionLimits(app: FastifyInstance, limits: HttpLimits): void {
  app.server.maxConnections = limits.maxConnections;
  let lastConnectionAt = 0;
  app.server.on('connection', () => {
    lastConnectionAt = Date.now();
  });
  if (limits.maxConnectionsPerIp > 0) {
    const open = new Map<string, number>();
    app.server.on('connection', (socket: Socket) => {
      const key = clientKey(socket.remoteAddress);
      const count = (open.get(key) ?? 0) + 1;
      if (count > limits.maxConnectionsPerIp) return void socket.destroy();
      open.set(key, count);
      socket.once('close', () => {
        const left = (open.get(key) ?? 1) - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      });
    });
  }
  if (limits.minBodyBytesPerSecond > 0) registerMinimumBodyRate(app, limits);
  app.addHook('onSend', async (request, reply) => {
    // A request without a body (a GET, a navigation) has nothing left unread, even when it is answered from a
    // hook before Node marks it complete: its keep-alive connection must stay open for the next request.
    const hasBody = request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
    if (!hasBody || request.raw.complete) return;
    const socket: Socket = request.raw.socket;
    // app.inject has no real socket: nothing to close.
    if (typeof socket?.end !== 'function') return;
    reply.raw.once('finish', () => {
      request.raw.unpipe();
      request.raw.pause();
      socket.end();
      setTimeout(() => socket.destroy(), LINGER_MS).unref();
    });
  });
  app.addHook('preClose', async () => {
    // Node's server.close() destroys idle keep-alive sockets at once, racing any request a client is sending on
    // one (a reset). Leave them to keepAliveTimeout instead; Fastify answers every request with Connection: close.
    app.server.closeIdleConnections = () => {};
    await drainListener(app, limits.listenQuietMs, () => lastConnectionAt);
  });
}

/**
 * Keeps the listener open until no connection arrived for `quietMs` (counted from the start of the shutdown too),
 * at most LISTEN_DRAIN_MAX_MS. Fastify is already closing: every answer meanwhile carries `Connection: close`, so a
 * client that respects it stops dialling, and one that dials anyway is served instead of reset (a closed
 * listener's kernel queue is reset: CI saw one ECONNRESET among 16 clients during a SIGTERM).
 */
async function drainListener(app: FastifyInstance, quietMs: number, lastConnectionAt: () => number): Promise<void> {
  if (quietMs <= 0 || !app.server.listening) return;
  const closingAt = Date.now();
  const deadline = closingAt + LISTEN_DRAIN_MAX_MS;
  for (;;) {
    const now = Date.now();
    const quietFor = now - Math.max(closingAt, lastConnectionAt());
    if (quietFor >= quietMs || now >= deadline) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(quietMs - quietFor, deadline - now)));
  }
}

/** Cuts request bodies that arrive slower than the minimum rate (see registerConnectionLimits). */
function registerMinimumBodyRate(app: FastifyInstance, limits: HttpLimits): void {
  type Upload = { socket: Socket; started: number; bytesAtStart: number; complete: () => boolean };
  const uploads = new Set<Upload>();
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    const now = Date.now();
    for (const upload of uploads) {
      if (upload.complete() || upload.socket.destroyed) {
        uploads.delete(upload);
        continue;
      }
      const elapsed = now - upload.started;
      if (elapsed < limits.minBodyRateAfterMs) continue;
      const rate = ((upload.socket.bytesRead - upload.bytesAtStart) * 1000) / elapsed;
      if (rate < limits.minBodyBytesPerSecond) {
        uploads.delete(upload);
        upload.socket.destroy();
      }
    }
    if (uploads.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  app.addHook('onRequest', async (request) => {
    const hasBody = request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
    const socket: Socket = request.raw.socket;
    // app.inject has no real socket.
    if (!hasBody || typeof socket?.bytesRead !== 'number' || typeof socket.destroy !== 'function') return;
    const upload: Upload = { socket, started: Date.now(), bytesAtStart: socket.bytesRead, complete: () => request.raw.complete };
    uploads.add(upload);
    if (!timer) {
      timer = setInterval(check, BODY_RATE_CHECK_MS);
      timer.unref();
    }
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
