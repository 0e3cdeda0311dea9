import type { Ban, ModlogEntry } from '@agora/contract';
import type { BanRow, ModlogRow } from './moderation.queries';

/** Rows to the contract's names (issue 15 §4, §5). */

const isoOf = (pgText: string) => new Date(pgText.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).toISOString();

export function toBan(row: BanRow): Ban {
  return {
    user: { id: row.userId, username: row.username },
    banned_by: row.bannedById === null ? null : { id: row.bannedById, username: row.bannedByName ?? '' },
    reason: row.reason,
    created_at: isoOf(row.createdAt),
    until: row.until,
  };
}

export function toModlogEntry(row: ModlogRow): ModlogEntry {
  return {
    id: row.id,
    actor: row.actorId === null ? null : { id: row.actorId, username: row.actorName ?? '' },
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    target_user: row.targetUserId === null ? null : { id: row.targetUserId, username: row.targetUserName ?? '' },
    reason: row.reason,
    detail: row.detail,
    created_at: row.createdAt,
  };
}
