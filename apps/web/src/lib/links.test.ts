import { describe, expect, it } from 'vitest';
import { defaultLabel, looksLikeAddress, parseLinkLine, parseLinks, siteForHost } from './links';

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

  it('gives other hosts no site (generic icon) and their host as the label; known ones their name (issue 12 §2.7)', () => {
    expect(parseLinkLine('https://www.example.org/page')).toEqual({
      kind: 'link',
      href: 'https://www.example.org/page',
      label: 'example.org',
      host: 'www.example.org',
      site: null,
    });
    expect(parseLinkLine('https://github.com/ada')).toMatchObject({ label: 'GitHub', site: 'github' });
    expect(parseLinkLine('https://m.facebook.com/ada')).toMatchObject({ label: 'Facebook', site: 'facebook' });
    // Well-known networks without an icon still get a readable name, never "t".
    expect(parseLinkLine('https://t.me/agora_chat')).toMatchObject({ label: 'Telegram', site: null });
    expect(parseLinkLine('wa.me/15551234567')).toMatchObject({ label: 'WhatsApp', site: null });
    expect(parseLinkLine('https://www.reddit.com/r/agora')).toMatchObject({ label: 'Reddit' });
    expect(parseLinkLine('https://t.me.evil.io/x')).toMatchObject({ label: 't.me.evil.io' });
  });

  it('adds https to links written without a scheme', () => {
    expect(parseLinkLine('github.com/ada')).toMatchObject({ kind: 'link', href: 'https://github.com/ada', site: 'github' });
    expect(parseLinkLine('www.mysite.io')).toMatchObject({ kind: 'link', href: 'https://www.mysite.io/', label: 'mysite.io' });
  });

  it('keeps http links as they are', () => {
    expect(parseLinkLine('http://blog.example.com/x')).toMatchObject({ href: 'http://blog.example.com/x', label: 'blog.example.com' });
  });

  it('reads a bracketed label', () => {
    expect(parseLinkLine('https://github.com/ada [My code]')).toMatchObject({ label: 'My code', href: 'https://github.com/ada' });
    expect(parseLinkLine('youtube.com/@ada[Channel]')).toMatchObject({ label: 'Channel', site: 'youtube' });
    expect(parseLinkLine('https://github.com/ada []')).toMatchObject({ label: 'GitHub' });
  });

  it('does not take trailing punctuation or a second link into the address', () => {
    expect(parseLinkLine('https://github.com/ada.')).toMatchObject({ kind: 'text' });
    expect(parseLinkLine('https://a.example,https://b.example')).toMatchObject({ kind: 'text' });
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

describe('a label that looks like an address (issue 5 §1.8)', () => {
  it.each([
    // [line, label shown, host, site]
    ['https://evil.example [https://twitter.com/x]', 'evil.example', 'evil.example', null],
    ['https://evil.example [twitter.com/x]', 'evil.example', 'evil.example', null],
    ['https://evil.example [twitter.com]', 'evil.example', 'evil.example', null],
    ['https://evil.example [www.github.com]', 'evil.example', 'evil.example', null],
    ['https://www.evil.example/p [http://github.com]', 'evil.example', 'www.evil.example', null],
    ['https://evil.example [//github.com/ada]', 'evil.example', 'evil.example', null],
    ['https://evil.example [github.dev]', 'evil.example', 'evil.example', null],
    ['https://evil.example [support@github.com]', 'evil.example', 'evil.example', null],
    ['https://evil.example [10.0.0.1]', 'evil.example', 'evil.example', null],
    ['https://evil.example [My twitter.com/x page]', 'evil.example', 'evil.example', null],
    ['https://x.com/ada [https://facebook.com/ada]', 'x.com', 'x.com', 'x'],
    // Ordinary labels stay.
    ['https://github.com/ada [My code]', 'My code', 'github.com', 'github'],
    // Ambiguous: "Node.js" is also a well-formed host. Refusing it costs a nicer label; the real host is never wrong.
    ['https://example.org [Node.js notes]', 'example.org', 'example.org', null],
    ['https://example.org [v1.2 release]', 'v1.2 release', 'example.org', null],
    ['https://example.org [Portfolio]', 'Portfolio', 'example.org', null],
  ])('%s shows %s', (line, label, host, site) => {
    expect(parseLinkLine(line)).toEqual({ kind: 'link', href: expect.any(String), label, host, site });
  });

  it('tells addresses from words', () => {
    for (const address of ['https://twitter.com/x', 'twitter.com', 'www.site.io', 'a.b.example/x', 'me@example.com', 'see github.com'])
      expect(looksLikeAddress(address), address).toBe(true);
    for (const word of ['GitHub', 'My code', 'v1.2', 'Dr. Who', 'e.g. this', 'C++ notes']) expect(looksLikeAddress(word), word).toBe(false);
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
  it('names known networks and shows other hosts whole, www dropped', () => {
    expect(defaultLabel('www.github.com')).toBe('GitHub');
    expect(defaultLabel('m.facebook.com')).toBe('Facebook');
    expect(defaultLabel('t.me')).toBe('Telegram');
    expect(defaultLabel('www.example.org')).toBe('example.org');
    expect(defaultLabel('blog.example.com')).toBe('blog.example.com');
  });
});
