import { describe, expect, it } from 'vitest';
import { forgetTab, rememberTab, tabToRestore } from './tab-memory';

const stored = () => JSON.parse(localStorage.getItem('groupLastVisitedTabs') ?? 'null');

describe('groupLastVisitedTabs', () => {
  it('remembers the last tab per community under the spec key', () => {
    rememberTab(12, 'members');
    rememberTab(13, 'blogs');
    rememberTab(12, 'discussions');
    expect(stored()).toEqual({ 12: 'discussions', 13: 'blogs' });
    expect(tabToRestore(12, true)).toBe('discussions');
    expect(tabToRestore(13, true)).toBe('blogs');
    expect(tabToRestore(14, true)).toBe('overview');
  });

  it('drops a remembered tab the viewer may no longer see, keeping the others', () => {
    rememberTab(12, 'members');
    rememberTab(13, 'blogs');
    expect(tabToRestore(12, false)).toBe('overview');
    expect(stored()).toEqual({ 13: 'blogs' });
  });

  it('keeps the overview for anyone', () => {
    rememberTab(12, 'overview');
    expect(tabToRestore(12, false)).toBe('overview');
    expect(stored()).toEqual({ 12: 'overview' });
  });

  it('ignores garbage in storage', () => {
    for (const junk of ['not json', '[1,2]', 'null', '{"12":"admin-panel","13":"members"}']) {
      localStorage.setItem('groupLastVisitedTabs', junk);
      expect(tabToRestore(12, true)).toBe('overview');
    }
    expect(tabToRestore(13, true)).toBe('members');
  });

  it('forgets one community', () => {
    rememberTab(12, 'members');
    forgetTab(12);
    expect(stored()).toEqual({});
  });
});
