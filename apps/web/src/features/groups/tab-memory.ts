import { STORAGE_KEYS } from '@/lib/storage';

/**
 * The last visited tab of each community (SPEC §2), in localStorage `groupLastVisitedTabs` as
 * `{ "<group id>": "members" }`. Keyed by the numeric id, which survives renames (slugs do not).
 */
export const GROUP_TABS = ['overview', 'members', 'blogs', 'discussions'] as const;
export type GroupTab = (typeof GROUP_TABS)[number];
/** Tabs a visitor or non-member of a private community may not open (SPEC §2, §4). */
export const RESTRICTED_TABS: readonly GroupTab[] = ['members', 'blogs', 'discussions'];

/** At most this many communities are remembered; the oldest entries go first. */
const MAX_ENTRIES = 200;

function readAll(): Record<string, GroupTab> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.groupLastVisitedTabs) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const result: Record<string, GroupTab> = {};
    for (const [key, value] of Object.entries(parsed)) {
      if ((GROUP_TABS as readonly unknown[]).includes(value)) result[key] = value as GroupTab;
    }
    return result;
  } catch {
    return {};
  }
}

function writeAll(tabs: Record<string, GroupTab>): void {
  try {
    const entries = Object.entries(tabs);
    const kept = entries.length > MAX_ENTRIES ? Object.fromEntries(entries.slice(-MAX_ENTRIES)) : tabs;
    window.localStorage.setItem(STORAGE_KEYS.groupLastVisitedTabs, JSON.stringify(kept));
  } catch {
    // Storage full or disabled: the memory is a convenience only.
  }
}

export function rememberTab(groupId: number, tab: GroupTab): void {
  const tabs = readAll();
  delete tabs[groupId];
  tabs[groupId] = tab;
  writeAll(tabs);
}

export function forgetTab(groupId: number): void {
  const tabs = readAll();
  if (!(groupId in tabs)) return;
  delete tabs[groupId];
  writeAll(tabs);
}

/**
 * The tab to restore when the bare community path is opened: the remembered one if the viewer may still see it.
 * A remembered tab the viewer may no longer see is dropped from storage (and the overview is shown).
 */
export function tabToRestore(groupId: number, canSeeRestricted: boolean): GroupTab {
  const tab = readAll()[groupId];
  if (!tab) return 'overview';
  if (RESTRICTED_TABS.includes(tab) && !canSeeRestricted) {
    forgetTab(groupId);
    return 'overview';
  }
  return tab;
}
