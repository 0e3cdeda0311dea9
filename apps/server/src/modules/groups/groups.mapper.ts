import { type Group, type GroupSection, SECTION_HEADERS } from '@agora/contract';
import type { GroupCore } from './group-lists.queries';
import type { SectionText } from './groups.queries';

/** The one place community rows become the spec's shapes (SPEC §3 Group, Group section, Group member). */

const PG_UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz as PostgreSQL prints it ("2026-11-23 04:10:13.835238+00") → ISO 8601 with milliseconds. In UTC (the
 * usual session zone) by string surgery: parsing every member's date with Date was 11% of a 50-member page's CPU.
 */
export function isoTimestamp(text: string): string {
  const utc = PG_UTC_TIMESTAMP.exec(text);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  return new Date(
    text
      .replace(' ', 'T')
      .replace(/(\.\d{3})\d+/, '$1')
      .replace(/([+-]\d{2})$/, '$1:00'),
  ).toISOString();
}

/** `isMember` is the viewer's membership; `viewerId` marks owned communities (0 for visitors). */
export function toGroup(row: GroupCore, isMember: boolean, viewerId: number): Group {
  return {
    id: row.id,
    slug: row.slug,
    group_name: row.groupName,
    group_dp: row.groupDp,
    group_banner: row.groupBanner,
    owner_id: row.ownerId,
    is_private: row.isPrivate ? 1 : 0,
    group_verified: row.groupVerified ? 1 : 0,
    category: row.category,
    post_count: row.postCount,
    member_count: row.memberCount,
    is_member: isMember,
    isMember,
    is_owner: viewerId !== 0 && row.ownerId === viewerId,
  };
}

/** Always the three sections in the spec's order; a missing row reads as empty text. */
export function toOverview(sections: SectionText[] | null): GroupSection[] {
  const texts = new Map((sections ?? []).map((s) => [s.header, s.desc]));
  return SECTION_HEADERS.map((section_header) => ({ section_header, section_desc: texts.get(section_header) ?? '' }));
}
