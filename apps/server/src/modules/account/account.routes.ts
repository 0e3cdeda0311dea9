import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  accountExportSchema,
  accountSessionsResponseSchema,
  latestExportResponseSchema,
  accountStateSchema,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  confirmEmailChangeRequestSchema,
  endSessionsQuerySchema,
  errorBodySchema,
  forgotPasswordRequestSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
  verifyEmailRequestSchema,
} from '@agora/contract';
import { createReadStream } from 'node:fs';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import {
  changePassword,
  confirmEmailChange,
  endOtherSessions,
  endOwnSession,
  getAccountState,
  listOwnSessions,
  requestEmailChange,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './account.service';
import { deleteAccount } from './delete.service';
import { exportFile, latestExport, requestExport } from './export.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};
const secured = { security: [{ bearer: [] }] };
const ok = { 200: messageResponseSchema, ...errors };

/**
 * Account keeping (issue 14): email verification, password reset and change, email change, sessions. New paths,
 * so under /api only. The signed-in user is always the actor, never a body field.
 */
export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  r.get(
    '/api/account',
    { onRequest: app.requireUser, schema: { tags, ...secured, response: { 200: accountStateSchema, ...errors } } },
    async (request) => getAccountState(ctx, currentUser(request)),
  );
  r.post('/api/auth/verify-email', { schema: { tags, body: verifyEmailRequestSchema, response: ok } }, async (request) => {
    await verifyEmail(ctx, { token: request.body.token, client: { ip: request.ip } });
    return { message: ACCOUNT_MESSAGES.emailVerified };
  });
  r.post('/api/auth/verify-email/resend', { onRequest: app.requireUser, schema: { tags, ...secured, response: ok } }, async (request) => {
    const outcome = await resendVerification(ctx, currentUser(request), { client: { ip: request.ip } });
    return { message: outcome === 'sent' ? ACCOUNT_MESSAGES.verificationSent : ACCOUNT_MESSAGES.alreadyVerified };
  });
  r.post('/api/auth/password/forgot', { schema: { tags, body: forgotPasswordRequestSchema, response: ok } }, async (request) => {
    await requestPasswordReset(ctx, { email: request.body.email, client: { ip: request.ip } });
    return { message: ACCOUNT_MESSAGES.resetRequested };
  });
  r.post('/api/auth/password/reset', { schema: { tags, body: resetPasswordRequestSchema, response: ok } }, async (request) => {
    await resetPassword(ctx, { ...request.body, client: { ip: request.ip } });
    return { message: ACCOUNT_MESSAGES.passwordReset };
  });
  r.post(
    '/api/auth/password/change',
    { onRequest: app.requireUser, schema: { tags, ...secured, body: changePasswordRequestSchema, response: ok } },
    async (request) => {
      await changePassword(ctx, currentUser(request), { ...request.body, client: { ip: request.ip }, sessionId: request.sessionId });
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );
  r.post(
    '/api/auth/email/change',
    { onRequest: app.requireUser, schema: { tags, ...secured, body: changeEmailRequestSchema, response: ok } },
    async (request) => {
      await requestEmailChange(ctx, currentUser(request), { ...request.body, client: { ip: request.ip } });
      return { message: ACCOUNT_MESSAGES.emailChangeSent };
    },
  );
  r.post('/api/auth/email/confirm', { schema: { tags, body: confirmEmailChangeRequestSchema, response: ok } }, async (request) => {
    await confirmEmailChange(ctx, { token: request.body.token, client: { ip: request.ip } });
    return { message: ACCOUNT_MESSAGES.emailChanged };
  });
  r.get(
    '/api/auth/sessions',
    { onRequest: app.requireUser, schema: { tags, ...secured, response: { 200: accountSessionsResponseSchema, ...errors } } },
    async (request) => ({ sessions: await listOwnSessions(ctx, currentUser(request), { sessionId: request.sessionId }) }),
  );
  r.delete(
    '/api/auth/sessions/:id',
    {
      onRequest: app.requireUser,
      schema: { tags, ...secured, params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }), response: ok },
    },
    async (request) => {
      await endOwnSession(ctx, currentUser(request), { id: request.params.id });
      return { message: ACCOUNT_MESSAGES.sessionEnded };
    },
  );
  r.delete(
    '/api/auth/sessions',
    { onRequest: app.requireUser, schema: { tags, ...secured, querystring: endSessionsQuerySchema, response: ok } },
    async (request) => {
      await endOtherSessions(ctx, currentUser(request), { sessionId: request.sessionId });
      return { message: ACCOUNT_MESSAGES.otherSessionsEnded };
    },
  );

  r.post(
    '/api/account/export',
    { onRequest: app.requireUser, schema: { tags, ...secured, response: { 202: accountExportSchema, ...errors } } },
    async (request, reply) => reply.status(202).send(await requestExport(ctx, currentUser(request))),
  );
  r.get(
    '/api/account/export',
    { onRequest: app.requireUser, schema: { tags, ...secured, response: { 200: latestExportResponseSchema, ...errors } } },
    async (request) => ({ export: await latestExport(ctx, currentUser(request)) }),
  );
  r.get(
    '/api/account/export/:id',
    {
      onRequest: app.requireUser,
      // The answer is the archive itself (a stream), so no response schema: errors still go through the error handler.
      schema: { tags, ...secured, params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }) },
    },
    async (request, reply) => {
      const { file, downloadName } = await exportFile(ctx, currentUser(request), request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${downloadName}"`)
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file));
    },
  );
  r.delete(
    '/api/account',
    { onRequest: app.requireUser, schema: { tags, ...secured, body: deleteAccountRequestSchema, response: ok } },
    async (request) => {
      await deleteAccount(ctx, currentUser(request), { ...request.body, client: { ip: request.ip } });
      return { message: ACCOUNT_MESSAGES.accountDeleted };
    },
  );
}
