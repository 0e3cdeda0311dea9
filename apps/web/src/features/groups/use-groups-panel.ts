import { useSyncExternalStore } from 'react';

/** The side panel's tabs and their ids (SPEC §2 Communities side panel). */
export const PANEL_TABS = ['groups', 'mygroups', 'findgroups'] as const;
export type PanelTab = (typeof PANEL_TABS)[number];

interface PanelState {
  open: boolean;
  tab: PanelTab;
}

/**
 * One communities panel for the whole app, opened from the logo (Joined tab) or the navigation strip's find
 * button (Search tab). A tiny store instead of context: the opener and the panel live in different subtrees.
 */
let state: PanelState = { open: false, tab: 'groups' };
/** What had focus when the panel opened: focus goes back there when it closes (it has no Radix trigger). */
let opener: HTMLElement | null = null;
const listeners = new Set<() => void>();

function set(next: PanelState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const groupsPanel = {
  open: (tab: PanelTab = 'groups') => {
    if (!state.open) opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    set({ open: true, tab });
  },
  /** Returns focus to the opener; false when there is none to return to. */
  restoreFocus: (): boolean => {
    // Kept until the next open: Radix may ask twice while layers (a tooltip, the dialog) unwind.
    const target = opener;
    if (!target?.isConnected) return false;
    target.focus();
    return true;
  },
  close: () => set({ ...state, open: false }),
  setTab: (tab: PanelTab) => set({ ...state, tab }),
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => state,
};

export function useGroupsPanel(): PanelState {
  return useSyncExternalStore(groupsPanel.subscribe, groupsPanel.get, groupsPanel.get);
}
