import { type ModlogResponse, PAGE_SIZE_DEFAULT } from '@agora/contract';
import type { Actor, AppContext } from '../../context';
import { decodeCursor, keysetPage } from '../../lib/cursor';
import { assertStaff, resolveGroupForViewer } from '../groups/groups.access';
import type { GroupPath } from '../members/membership';
import { toModlogEntry } from './moderation.mapper';
import { findModlogPage } from './moderation.queries';

/**
 * GET /api/groups/{id}/modlog: the community's moderation log, newest first, keyset on the row id; the community
 * policy's `moderate` (owner, admins, moderators): 401 visitor, 403 anyone else, 404 no such community.
 */
export async function listModlog(
  ctx: AppContext,
  actor: Actor,
  input: GroupPath & { cursor?: string; limit?: number },
): Promise<ModlogResponse> {
  const { group, role } = await resolveGroupForViewer(ctx, actor, input.group);
  assertStaff(actor, group, role);
  const cursor = decodeCursor(input.cursor, ['int'] as const);
  const limit = input.limit ?? PAGE_SIZE_DEFAULT;
  const rows = await findModlogPage(ctx.db, group.id, { before: cursor ? cursor[0] : null, limit: limit + 1 });
  const { page, nextCursor } = keysetPage(rows, limit, (r) => [r.id]);
  return { entries: page.map(toModlogEntry), nextCursor };
}
