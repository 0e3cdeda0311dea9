import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  errorBodySchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
} from '@agora/contract';
import type { AppContext } from '../../context';
import { bearerToken, currentUser } from '../../plugins/auth';
import { login, logout, registerUser } from './auth.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema };

/** POST /api/auth/register and /api/auth/login: the spec gives these paths with /api only. */
export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/auth/register',
    { schema: { tags: ['auth'], body: registerRequestSchema, response: { 201: registerResponseSchema, ...errors } } },
    async (request, reply) => {
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] };
      const user = await registerUser(ctx, null, { ...request.body, client });
      return reply.status(201).send({ message: AUTH_MESSAGES.registered, user });
    },
  );
  r.post(
    '/api/auth/login',
    { schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: loginResponseSchema, ...errors } } },
    async (request) => {
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] };
      const { token, user } = await login(ctx, null, { ...request.body, client });
      return { message: AUTH_MESSAGES.loggedIn, token, user: { id: user.id, username: user.username, profileImage: user.profileImage } };
    },
  );
}

/** POST /auth/logout (also under /api). */
export async function sessionRoutes(app: FastifyInstance, { ctx, alias }: { ctx: AppContext; alias?: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/auth/logout',
    {
      onRequest: app.requireUser,
      schema: { tags: ['auth'], hide: alias, security: [{ bearer: [] }], response: { 200: messageResponseSchema, 401: errorBodySchema } },
    },
    async (request) => {
      await logout(ctx, currentUser(request), { token: bearerToken(request)! });
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );
}
