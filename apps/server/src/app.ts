import type { IncomingMessage } from 'node:http';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '@agora/contract';
import { openSharedState } from './cluster/shared';
import { type AppContext, createAppContext } from './context';
import type { Db } from './db/client';
import { createUploadStore, s3Origin } from './lib/file-store';
import { lazyChildLoggerFactory } from './lib/lazy-child-logger';
import { accountRoutes } from './modules/account/account.routes';
import { muteRoutes } from './modules/notifications/mutes.routes';
import { pushRoutes } from './modules/push/push.routes';
import { loadVapidKeys } from './modules/push/push.keys';
import { adminRoutes } from './modules/admin/admin.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { blockRoutes } from './modules/blocks/blocks.routes';
import { authRoutes, sessionRoutes } from './modules/auth/auth.routes';
import { hashPassword } from './modules/auth/passwords';
import { discussionRoutes } from './modules/discussions/discussions.routes';
import { blogPublicRoutes, blogRoutes } from './modules/blogs/blogs.routes';
import { friendRoutes } from './modules/friends/friends.routes';
import { healthRoutes } from './modules/health/health.routes';
import { digestRoutes } from './modules/notifications/digest.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { createHealthCheck } from './modules/health/health.service';
import { groupPublicRoutes, groupRoutes } from './modules/groups/groups.routes';
import { memberPublicRoutes, memberRoutes } from './modules/members/members.routes';
import { postingRoutes } from './modules/posting/posting.routes';
import { moderationRoutes } from './modules/moderation/moderation.routes';
import { profileRoutes } from './modules/profiles/profiles.routes';
import { pageHead } from './modules/reach/reach.heads';
import { reachRoutes } from './modules/reach/reach.routes';
import { createReach } from './modules/reach/reach.service';
import { removalRoutes } from './modules/removals/removals.routes';
import { searchRoutes } from './modules/search/search.routes';
import { mentionRoutes } from './modules/search/mentions.routes';
import { uploadRoutes } from './modules/uploads/uploads.routes';
import { authPlugin } from './plugins/auth';
import type { Config } from './plugins/config';
import { registerCompression } from './plugins/compression';
import { httpServerOptions, registerConnectionLimits } from './plugins/connections';
import { registerDocs } from './plugins/docs';
import { registerErrorHandler } from './plugins/errors';
import { registerMetrics } from './plugins/metrics';
import { registerRealtime } from './plugins/realtime';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    /** The context every service receives; main.ts uses it for the periodic sweeps. */
    ctx: AppContext;
  }
}

/** Route modules whose spec paths have no /api prefix: each also answers at /api + path. */
const ALIASED_MODULES = [
  sessionRoutes,
  profileRoutes,
  uploadRoutes,
  groupPublicRoutes,
  memberPublicRoutes,
  discussionRoutes,
  blogPublicRoutes,
  friendRoutes,
  notificationRoutes,
];

// Request ids: unique across restarts (a random prefix per process) and cheap (a counter), unlike a UUID each.
const REQUEST_ID_PREFIX = crypto.randomUUID().slice(0, 8);
let requestCounter = 0;
/** An incoming X-Request-Id kept as is (a proxy's or a client's): a short token that is safe on a log line and in a header. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
/**
 * The request's id (issue 18 §3): an incoming `X-Request-Id` when it is a short safe token (so a proxy's id follows
 * the request), else generated. Sent back in `X-Request-Id`, on every log line of the request (`reqId`) and in
 * every error body (`requestId`, plugins/errors.ts).
 */
export function requestIdFor(raw: IncomingMessage): string {
  const incoming = raw.headers['x-request-id'];
  if (typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming)) return incoming;
  return `${REQUEST_ID_PREFIX}-${(requestCounter += 1).toString(36)}`;
}

/** Builds the whole application on a connected database: plugins first, then modules, by explicit import. */
export async function buildApp(
  config: Config,
  db: Db,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: requestIdFor,
    ...httpServerOptions(config.http),
    // Per-request work is paid by every endpoint, so none that is not needed (measured by `npm run bench` against
    // a bare Fastify route): no "incoming request" / "request completed" log lines (two writes per request;
    // failures are logged with their request id by plugins/errors.ts), and request loggers made on first use.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyChildLoggerFactory,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const health = createHealthCheck(db);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  registerErrorHandler(app, { onConnectionLoss: health.databaseFailed });
  // First of the close hooks: health answers 503 from the start of a shutdown, so a load balancer takes the node
  // out (two failed checks) and stops dialling it while it still serves what arrives (the drain below).
  app.addHook('preClose', async () => health.stopping());
  registerConnectionLimits(app, config.http);

  // Several nodes (issue 17 §2): the socket adapter, rate limits and presence in PostgreSQL or Redis.
  const shared = await openSharedState(config.cluster, db, (message, err) => app.log.warn({ err, node: config.cluster.nodeId }, message));
  app.addHook('onClose', () => shared.close());
  const ctx = createAppContext({
    db,
    rateLimit: config.rateLimit,
    limiterStore: shared.limiterStore,
    uploads: createUploadStore(config),
    exportsDir: config.exportsDir,
    sessionTtlMs: config.sessionTtlMs,
    passwordWork: config.passwordWork,
    publicUrl: config.publicUrl,
    requireEmailVerification: config.requireEmailVerification,
    searchLanguage: config.searchLanguage,
  });
  ctx.push.vapid = loadVapidKeys(config);
  ctx.push.allowLocalEndpoints = config.pushAllowLocalEndpoints;
  app.decorate('ctx', ctx);
  // Before every route (its onResponse hook counts them all); off without METRICS_TOKEN.
  registerMetrics(app, { token: config.metricsToken, nodeId: config.cluster.nodeId, db });
  // The password queue sheds by expected wait: measure argon2 on this machine now (a moving average follows).
  void ctx.passwordWork.calibrate(() => hashPassword('agora-calibration')).catch(() => {});

  // Order matters: compression and the web app's navigation check attach per-route hooks as routes are added,
  // so both come before every route (docs, health, modules).
  await registerSecurity(app, config.corsOrigins, config.s3 ? [s3Origin(config.s3)] : []);
  await registerCompression(app);
  await registerWeb(app, {
    webDist: config.webDist,
    uploads: ctx.uploads,
    // Absolute URLs from the configured public origin: a forged Host header never reaches a shared link's preview.
    pageHead: (pathname, _origin, search) => pageHead(ctx, pathname, config.publicUrl, search),
  });
  await app.register(multipart, { limits: { fileSize: LIMITS.bannerImageBytes, files: 1, fields: 10, fieldSize: 10_000, parts: 12 } });
  await app.register(authPlugin, { db });
  await registerDocs(app);

  await app.register(healthRoutes, { health });
  await app.register(authRoutes, { ctx });
  await app.register(accountRoutes, { ctx });
  await app.register(muteRoutes, { ctx });
  await app.register(pushRoutes, { ctx });
  await app.register(adminRoutes, { ctx });
  await app.register(reportRoutes, { ctx });
  await app.register(digestRoutes, { ctx });
  await app.register(blockRoutes, { ctx });
  await app.register(groupRoutes, { ctx });
  await app.register(memberRoutes, { ctx });
  await app.register(moderationRoutes, { ctx });
  await app.register(blogRoutes, { ctx });
  await app.register(postingRoutes, { ctx });
  await app.register(removalRoutes, { ctx });
  await app.register(searchRoutes, { ctx });
  await app.register(mentionRoutes, { ctx });
  // robots.txt, the sitemap and the community feeds (issue 18 §4): root paths only, never under /api.
  await app.register(reachRoutes, { ctx, reach: createReach(config.reach) });
  for (const routes of ALIASED_MODULES) {
    await app.register(routes, { ctx });
    await app.register(routes, { ctx, prefix: '/api', alias: true });
  }

  await registerRealtime(app, {
    ctx,
    corsOrigins: config.corsOrigins,
    sessionCheckMs: config.socketSessionCheckMs,
    limits: config.socketLimits,
    trustProxy: config.trustProxy,
    shared,
  });
  return app;
}
