import { createWriteStream } from 'node:fs';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { ACCOUNT_MESSAGES, appPaths, type AccountExport } from '@agora/contract';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { accountExports, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { uploadKeyOf } from '../../lib/file-store';
import { randomName } from '../../lib/tokens';
import { composeMail } from '../../mail/compose';
import { notifyFromServer } from '../notifications/notifications.writer';

/** How long a built archive can be downloaded, and how often a person may ask for one. */
export const EXPORT_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
const EXPORT_EVERY_MS = 24 * 60 * 60 * 1000;

type ExportRow = typeof accountExports.$inferSelect;

function toExport(row: ExportRow): AccountExport {
  return {
    id: row.id,
    status: row.status,
    created: row.createdAt.toISOString(),
    ready: row.readyAt?.toISOString() ?? null,
    expires: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
  };
}

/** The caller's latest export, or null. */
export async function latestExport(ctx: AppContext, actor: UserRow): Promise<AccountExport | null> {
  const [row] = await ctx.db
    .select()
    .from(accountExports)
    .where(eq(accountExports.userId, actor.id))
    .orderBy(desc(accountExports.createdAt), desc(accountExports.id))
    .limit(1);
  return row ? toExport(row) : null;
}

/**
 * POST /api/account/export: queues an export. One at a time (409 while one is being built), at most one a day
 * (429 with Retry-After). The request row and its job are committed together; the job builds the archive.
 */
export async function requestExport(ctx: AppContext, actor: UserRow): Promise<AccountExport> {
  return ctx.db.transaction(async (tx) => {
    // One request at a time per person: concurrent clicks wait here instead of both passing the checks.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('account_export'), ${actor.id})`);
    const [last] = await tx
      .select()
      .from(accountExports)
      .where(eq(accountExports.userId, actor.id))
      .orderBy(desc(accountExports.createdAt))
      .limit(1);
    if (last?.status === 'pending') throw AppError.conflict('export_pending', ACCOUNT_MESSAGES.exportPending);
    if (last && last.status === 'ready' && Date.now() - last.createdAt.getTime() < EXPORT_EVERY_MS) {
      const wait = Math.ceil((EXPORT_EVERY_MS - (Date.now() - last.createdAt.getTime())) / 1000);
      throw AppError.tooManyRequests(ACCOUNT_MESSAGES.exportOncePerDay, wait);
    }
    const [row] = await tx.insert(accountExports).values({ userId: actor.id }).returning();
    await ctx.jobs.send('account', { kind: 'export', exportId: row!.id }, { tx });
    return toExport(row!);
  });
}

/** Everything the person put in, as named JSON documents (the archive's files). */
async function exportDocuments(db: DbOrTx, userId: number): Promise<Record<string, unknown>> {
  const one = async (query: ReturnType<typeof sql>) => {
    const rows = await db.execute<{ doc: unknown }>(query);
    return [...rows][0]?.doc ?? null;
  };
  return {
    'account.json': await one(sql`
      SELECT json_build_object(
        'profile', json_build_object('id', u.id, 'username', u.username, 'email', u.email, 'firstName', u.first_name,
          'lastName', u.last_name, 'bio', u.bio, 'about', u.about, 'birthday', u.birthday, 'userLink', u.user_link,
          'profileImage', u.profile_image, 'bannerImage', u.banner_image, 'emailVerified', u.email_verified_at IS NOT NULL,
          'created', u.created_at),
        'communities', coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.group_name, 'slug', g.slug, 'role', m.role,
          'joined', m.joined_at) ORDER BY m.joined_at) FROM group_members m JOIN groups g ON g.id = m.group_id WHERE m.user_id = u.id), '[]'),
        'friends', coalesce((SELECT json_agg(json_build_object('username', o.username, 'status', f.status, 'since', f.created_at,
          'direction', CASE WHEN f.requester_id = u.id THEN 'sent' ELSE 'received' END) ORDER BY f.created_at)
          FROM friendships f JOIN users o ON o.id = CASE WHEN f.requester_id = u.id THEN f.addressee_id ELSE f.requester_id END
          WHERE f.requester_id = u.id OR f.addressee_id = u.id), '[]')
      ) AS doc FROM users u WHERE u.id = ${userId}`),
    'discussions.json': await one(sql`
      SELECT coalesce(json_agg(json_build_object('id', d.id, 'community', g.group_name, 'content', d.content, 'created', d.created_at,
        'edited', d.edited_at, 'likes', d.like_count, 'comments', d.comment_count,
        'media', coalesce((SELECT json_agg(dm.media_url ORDER BY dm.position) FROM discussion_media dm WHERE dm.discussion_id = d.id), '[]'))
        ORDER BY d.created_at), '[]') AS doc
      FROM discussions d JOIN groups g ON g.id = d.group_id WHERE d.user_id = ${userId}`),
    'comments.json': await one(sql`
      SELECT coalesce(json_agg(json_build_object('id', c.id, 'discussionId', c.discussion_id, 'parentCommentId', c.parent_id,
        'content', c.content, 'created', c.created_at, 'likes', c.like_count) ORDER BY c.created_at), '[]') AS doc
      FROM comments c WHERE c.user_id = ${userId} AND c.deleted_at IS NULL`),
    'blogs.json': await one(sql`
      SELECT coalesce(json_agg(json_build_object('id', b.id, 'community', g.group_name, 'title', b.title, 'content', b.content,
        'image', b.blog_img, 'created', b.created_at, 'likes', b.like_count, 'shares', b.share_count) ORDER BY b.created_at), '[]') AS doc
      FROM blogs b JOIN groups g ON g.id = b.group_id WHERE b.author_id = ${userId}`),
    'likes.json': await one(sql`
      SELECT json_build_object(
        'discussions', coalesce((SELECT json_agg(json_build_object('discussionId', discussion_id, 'at', created_at) ORDER BY created_at)
          FROM discussion_likes WHERE user_id = ${userId}), '[]'),
        'comments', coalesce((SELECT json_agg(json_build_object('commentId', comment_id, 'at', created_at) ORDER BY created_at)
          FROM comment_likes WHERE user_id = ${userId}), '[]'),
        'blogs', coalesce((SELECT json_agg(json_build_object('blogId', blog_id, 'at', created_at) ORDER BY created_at)
          FROM blog_likes WHERE user_id = ${userId}), '[]')) AS doc`),
    'notifications.json': await one(sql`
      SELECT coalesce(json_agg(json_build_object('id', n.id, 'type', n.noti_type, 'content', n.noti_content, 'link', n.noti_link,
        'read', n.is_read, 'created', n.created_at) ORDER BY n.created_at), '[]') AS doc
      FROM notifications n WHERE n.user_id = ${userId}`),
  };
}

/** Writes the archive: the JSON documents and every image the person uploaded (under images/). Its size. */
async function writeArchive(ctx: AppContext, userId: number, file: string): Promise<number> {
  const docs = await exportDocuments(ctx.db, userId);
  const images = await ctx.db.execute<{ path: string }>(sql`SELECT path FROM uploads WHERE user_id = ${userId} ORDER BY id`);
  const zip = new ZipFile();
  for (const [name, doc] of Object.entries(docs)) zip.addBuffer(Buffer.from(JSON.stringify(doc, null, 2)), name);
  for (const { path: publicPath } of images) {
    const key = uploadKeyOf(publicPath);
    // A file already removed from the store is left out rather than failing the whole export.
    if (!key || !(await ctx.uploads.exists(key))) continue;
    // Read one at a time as the archive is written (from the folder or the bucket), never all in memory.
    zip.addReadStreamLazy(`images/${key}`, (done) => {
      ctx.uploads.stream(key).then(
        (stream) => (stream ? done(null, stream) : done(new Error(`The upload ${key} disappeared during the export`), null as never)),
        (error: Error) => done(error, null as never),
      );
    });
  }
  zip.end();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    const out = createWriteStream(file);
    zip.outputStream
      .pipe(out)
      .on('close', () => resolve())
      .on('error', reject);
    zip.outputStream.on('error', reject);
  });
  return (await stat(file)).size;
}

/** The `account` job of an export: builds the archive, marks it ready for 7 days, mails and notifies the owner. */
export async function buildExport(ctx: AppContext, exportId: number): Promise<void> {
  const [row] = await ctx.db.select().from(accountExports).where(eq(accountExports.id, exportId));
  if (!row || row.status !== 'pending') return;
  await mkdir(ctx.exportsDir, { recursive: true });
  const fileName = `${randomName()}.zip`;
  const file = path.join(ctx.exportsDir, fileName);
  try {
    const size = await writeArchive(ctx, row.userId, `${file}.part`);
    await rename(`${file}.part`, file);
    await ctx.db.transaction(async (tx) => {
      const [user] = await tx.execute<{ email: string; username: string }>(sql`SELECT email, username FROM users WHERE id = ${row.userId}`);
      await tx
        .update(accountExports)
        .set({ status: 'ready', fileName, sizeBytes: size, readyAt: sql`now()`, expiresAt: new Date(Date.now() + EXPORT_KEEP_MS) })
        .where(eq(accountExports.id, exportId));
      if (user) {
        const mail = composeMail({
          to: user.email,
          subject: 'Your data export is ready',
          greeting: `Hello ${user.username},`,
          paragraphs: ['The archive of your data you asked for is ready. You can download it for 7 days, signed in.'],
          action: { label: 'Download my data', url: `${ctx.publicUrl}/settings` },
        });
        await ctx.jobs.send('mail', mail, { tx });
        // And in the app (issue 14 §7): the panel's item opens the settings page, where the download is.
        await notifyFromServer(tx, { recipientId: row.userId, type: 'export_ready', link: appPaths.settings() });
      }
    });
  } catch (error) {
    await unlink(`${file}.part`).catch(() => {});
    await unlink(file).catch(() => {});
    await ctx.db.update(accountExports).set({ status: 'failed' }).where(eq(accountExports.id, exportId));
    throw error;
  }
}

/** GET /api/account/export/{id}: the owner's ready, unexpired archive; anyone else's id, or an expired one, is 404. */
export async function exportFile(ctx: AppContext, actor: UserRow, id: number): Promise<{ file: string; downloadName: string }> {
  const [row] = await ctx.db
    .select()
    .from(accountExports)
    .where(
      and(
        eq(accountExports.id, id),
        eq(accountExports.userId, actor.id),
        eq(accountExports.status, 'ready'),
        gt(accountExports.expiresAt, sql`now()`),
      ),
    );
  if (!row?.fileName) throw AppError.notFound(ACCOUNT_MESSAGES.exportNotFound, 'export_not_found');
  return {
    file: path.join(ctx.exportsDir, row.fileName),
    downloadName: `agora-${actor.username}-${row.createdAt.toISOString().slice(0, 10)}.zip`,
  };
}

/** The sweep: archives past their 7 days are deleted, files and rows. */
export async function sweepExpiredExports(ctx: AppContext): Promise<number> {
  const expired = await ctx.db
    .delete(accountExports)
    .where(lte(accountExports.expiresAt, sql`now()`))
    .returning({ fileName: accountExports.fileName });
  for (const { fileName } of expired) if (fileName) await unlink(path.join(ctx.exportsDir, fileName)).catch(() => {});
  return expired.length;
}
