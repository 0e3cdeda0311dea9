import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectPath } from './redirect';

const origin = 'https://agora.example';

describe('safeRedirectPath', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeRedirectPath('/create', origin)).toBe('/create');
    expect(safeRedirectPath('/group/42/members?x=1#top', origin)).toBe('/group/42/members?x=1#top');
  });

  it('falls back to / for anything that could leave the site', () => {
    for (const bad of [
      '//evil.com',
      '/\\evil.com',
      'http://evil.com',
      'https:evil.com',
      'javascript:alert(1)',
      'evil.com',
      '/\tevil',
      '',
    ]) {
      expect(safeRedirectPath(bad, origin)).toBe('/');
    }
    expect(safeRedirectPath(null, origin)).toBe('/');
  });

  it('never sends the user back to the auth pages', () => {
    expect(safeRedirectPath('/login?redirect=/x', origin)).toBe('/');
    expect(safeRedirectPath('/register', origin)).toBe('/');
  });
});

describe('loginPathFor', () => {
  it('carries the current page', () => {
    expect(loginPathFor('/create')).toBe('/login?redirect=%2Fcreate');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/login')).toBe('/login');
  });
});
