import { type Placeholder, sql, type SQL } from 'drizzle-orm';
import { groupSlugs } from '../../db/schema';

/** SQL pieces the community and membership statements share (not statements themselves). */

/** Where a path's `{id}` points: a numeric id or a (lowercased) slug. */
export type GroupRef = { id: number } | { slug: string };

/** The id a reference names, for use inside a statement: the id itself, or the slug looked up in the history. */
export function refId(ref: Placeholder | number | null, slug: Placeholder | string | null): SQL {
  return sql`coalesce(${ref}::int, (SELECT ${groupSlugs.groupId} FROM ${groupSlugs} WHERE ${groupSlugs.slug} = ${slug}::text))`;
}

export const idParams = (ref: GroupRef) => ('id' in ref ? { id: ref.id, slug: null } : { id: null, slug: ref.slug });

/**
 * The activity score of suggested communities (see the schema): log10(members) + days since the epoch / 7.
 * `members` and `at` are SQL for the values after the change.
 */
export const activityScore = (members: SQL, at: SQL) =>
  sql`log(greatest(${members}, 1)::numeric)::float8 + extract(epoch from ${at}) / 604800.0`;
