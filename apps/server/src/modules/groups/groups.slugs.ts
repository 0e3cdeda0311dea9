import { randomInt } from 'node:crypto';
import { GROUP_MESSAGES, isValidSlug, RESERVED_GROUP_SLUGS } from '@agora/contract';
import { slugifyGroupName } from '@agora/contract/slugs';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/pg-errors';
import { freeFormerSlug, type GroupRow, lockSlugBase, slugOwners } from './groups.queries';

/** A community's slug: allocated from its name under a lock, retried on a race, a taken name answered 409. */

export function nameTakenError(name: string): AppError {
  return AppError.conflict('group_name_taken', GROUP_MESSAGES.nameTaken(name), 'group_name');
}

const RESERVED = new Set<string>(RESERVED_GROUP_SLUGS);
const SLUG_SUFFIXES = 49;

/**
 * The slug for a (new) name: the name's base, or base-2 … base-50, the first that no other community holds (a
 * community may take back one of its own former slugs). The exact base, when it is only another community's
 * former slug, is freed and taken (issue 12 §1.7: renaming cannot squat a name). A renamed community keeps its
 * current slug when it already fits the new name. Runs under a lock on the base, so two communities cannot take
 * the same slug.
 */
export async function allocateSlug(tx: DbOrTx, name: string, group: Pick<GroupRow, 'id' | 'slug'> | null): Promise<string> {
  const base = slugifyGroupName(name);
  await lockSlugBase(tx, base);
  const candidates = [base, ...Array.from({ length: SLUG_SUFFIXES }, (_, i) => `${base}-${i + 2}`)].filter(
    (c) => !RESERVED.has(c) && isValidSlug(c),
  );
  if (group && candidates.includes(group.slug)) return group.slug;
  if (candidates[0] === base) await freeFormerSlug(tx, base, group?.id ?? 0);
  const owners = await slugOwners(tx, candidates);
  const free = candidates.find((c) => !owners.has(c) || owners.get(c) === group?.id);
  return free ?? `${base}-${randomInt(100_000, 1_000_000)}`;
}

/**
 * Runs a write that allocates a slug; a unique violation on a slug (two different bases racing for one
 * candidate, e.g. "Foo 2" and a second "Foo") retries it, a taken name is a 409.
 */
export async function withSlugRetry<T>(name: string, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'groups_name_lower_uq' || constraint === 'groups_name_key_uq') throw nameTakenError(name);
      if ((constraint === 'groups_slug_uq' || constraint === 'group_slugs_pkey') && attempt < 3) continue;
      throw error;
    }
  }
}
