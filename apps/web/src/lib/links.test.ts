import { describe, expect, it } from 'vitest';
import { defaultLabel, parseLinkLine, parseLinks, siteForHost } from './links';

describe('parseLinks', () => {
  it('recognises the eight known networks by host', () => {
    const lines = [
      'https://facebook.com/ada',
      'https://x.com/ada',
      'https://twitter.com/ada',
      'https://www.instagram.com/ada',
      'https://www.linkedin.com/in/ada',
      'https://youtu.be/abc',
      'https://www.tiktok.com/@ada',
      'https://github.com/ada',
      'https://discord.gg/abc',
    ];
    expect(parseLinks(lines.join('\n')).map((l) => (l.kind === 'link' ? l.site : null))).toEqual([
      'facebook',
      'x',
      'x',
      'instagram',
      'linkedin',
      'youtube',
      'tiktok',
      'github',
      'discord',
    ]);
  });

  it('gives other hosts no site (generic icon) and a label from the first part of the host; known ones their name', () => {
    expect(parseLinkLine('https://www.example.org/page')).toEqual({
      kind: 'link',
      href: 'https://www.example.org/page',
      label: 'example',
      host: 'www.example.org',
      site: null,
    });
    expect(parseLinkLine('https://github.com/ada')).toMatchObject({ label: 'GitHub', site: 'github' });
    expect(parseLinkLine('https://m.facebook.com/ada')).toMatchObject({ label: 'Facebook', site: 'facebook' });
  });

  it('adds https to links written without a scheme', () => {
    expect(parseLinkLine('github.com/ada')).toMatchObject({ kind: 'link', href: 'https://github.com/ada', site: 'github' });
    expect(parseLinkLine('www.mysite.io')).toMatchObject({ kind: 'link', href: 'https://www.mysite.io/', label: 'mysite' });
  });

  it('keeps http links as they are', () => {
    expect(parseLinkLine('http://blog.example.com/x')).toMatchObject({ href: 'http://blog.example.com/x', label: 'blog' });
  });

  it('reads a bracketed label', () => {
    expect(parseLinkLine('https://github.com/ada [My code]')).toMatchObject({ label: 'My code', href: 'https://github.com/ada' });
    expect(parseLinkLine('youtube.com/@ada[Channel]')).toMatchObject({ label: 'Channel', site: 'youtube' });
    expect(parseLinkLine('https://github.com/ada []')).toMatchObject({ label: 'GitHub' });
  });

  it('shows the real host instead of a label that looks like an address', () => {
    for (const label of ['paypal.com', 'https://github.com/ada', 'www.bank.example', '//bank.example/login', 'ftp://files.example']) {
      expect(parseLinkLine(`https://evil.example/x [${label}]`)).toMatchObject({ label: 'evil.example', href: 'https://evil.example/x' });
    }
    expect(parseLinkLine('https://github.com/ada [Dr. Who fan page]')).toMatchObject({ label: 'Dr. Who fan page' });
    expect(parseLinkLine('https://github.com/ada [v1.2 notes]')).toMatchObject({ label: 'v1.2 notes' });
  });

  it('keeps a line that is not a link as plain text', () => {
    expect(parseLinkLine('Find me at the library')).toEqual({ kind: 'text', text: 'Find me at the library' });
    expect(parseLinkLine('hello')).toEqual({ kind: 'text', text: 'hello' });
    expect(parseLinkLine('v1.2')).toEqual({ kind: 'text', text: 'v1.2' });
  });

  it('never turns a dangerous scheme into a link', () => {
    expect(parseLinkLine('javascript:alert(1)')).toEqual({ kind: 'text', text: 'javascript:alert(1)' });
    expect(parseLinkLine('data:text/html,<b>x</b>')).toMatchObject({ kind: 'text' });
    expect(parseLinkLine('mailto:ada@example.com')).toMatchObject({ kind: 'text' });
    expect(parseLinkLine('javascript:alert(1) [click]')).toMatchObject({ kind: 'text' });
  });

  it('skips blank lines and handles Windows line endings', () => {
    expect(parseLinks('github.com/a\r\n\r\n  \nhello\n')).toHaveLength(2);
    expect(parseLinks('')).toEqual([]);
    expect(parseLinks(null)).toEqual([]);
  });
});

describe('siteForHost', () => {
  it('matches subdomains but not look-alikes', () => {
    expect(siteForHost('m.facebook.com')).toBe('facebook');
    expect(siteForHost('notfacebook.com')).toBeNull();
    expect(siteForHost('github.com.evil.io')).toBeNull();
  });
});

describe('defaultLabel', () => {
  it('drops www only', () => {
    expect(defaultLabel('www.github.com')).toBe('github');
    expect(defaultLabel('m.facebook.com')).toBe('m');
  });
});
