import {
  clearNotificationsResponseSchema,
  errorBodySchema,
  notificationCountResponseSchema,
  notificationIdParamsSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  notificationSettingsSchema,
  updateNotificationSettingsSchema,
  reportLikeRequestSchema,
  reportLikeResponseSchema,
} from '@agora/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { getNotificationSettings, updateNotificationSettings } from './settings.service';
import { clearNotifications, deleteNotification, listNotifications, markNotificationRead, reportLike } from './notifications.service';

const tags = ['notifications'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** SPEC §7 "Notifications" (no /api in the spec, so also registered under /api). Signed in only; own rows only. */
export async function notificationRoutes(app: FastifyInstance, { ctx, alias }: { ctx: AppContext; alias?: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.requireUser };

  r.get(
    '/notifications',
    {
      ...signedIn,
      schema: {
        tags,
        hide: alias,
        ...secured,
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema, ...errors },
      },
    },
    async (request) => listNotifications(ctx, currentUser(request), request.query),
  );
  r.put(
    '/notifications/:id/read',
    {
      ...signedIn,
      schema: {
        tags,
        hide: alias,
        ...secured,
        params: notificationIdParamsSchema,
        response: { 200: notificationCountResponseSchema, ...errors },
      },
    },
    async (request) => markNotificationRead(ctx, currentUser(request), request.params),
  );
  r.delete(
    '/notifications/:id',
    {
      ...signedIn,
      schema: {
        tags,
        hide: alias,
        ...secured,
        params: notificationIdParamsSchema,
        response: { 200: notificationCountResponseSchema, ...errors },
      },
    },
    async (request) => deleteNotification(ctx, currentUser(request), request.params),
  );
  r.delete(
    '/notifications',
    { ...signedIn, schema: { tags, hide: alias, ...secured, response: { 200: clearNotificationsResponseSchema, ...errors } } },
    async (request) => clearNotifications(ctx, currentUser(request)),
  );
  r.post(
    '/notifications',
    {
      ...signedIn,
      schema: {
        tags,
        hide: alias,
        ...secured,
        body: reportLikeRequestSchema,
        response: { 200: reportLikeResponseSchema, ...errors, 403: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => reportLike(ctx, currentUser(request), request.body),
  );

  // Issue 14 §6 (registered before `/notifications/:id`'s methods could take the word: a static segment wins).
  r.get(
    '/notifications/settings',
    { ...signedIn, schema: { tags, hide: alias, ...secured, response: { 200: notificationSettingsSchema, ...errors } } },
    async (request) => getNotificationSettings(ctx, currentUser(request)),
  );
  r.put(
    '/notifications/settings',
    {
      ...signedIn,
      schema: {
        tags,
        hide: alias,
        ...secured,
        body: updateNotificationSettingsSchema,
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (request) => updateNotificationSettings(ctx, currentUser(request), request.body),
  );
}
