import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { playerMessage } from './embeds';
import { POST_FORMAT, COMMENT_FORMAT } from './post-rules';
import { RichText } from './render';
import { INTRO_FORMAT } from './rules';

const ID = 'dQw4w9WgXcQ';

describe('post text rendered', () => {
  it('renders images, buttons, links, reels and bold; every link opens in a new tab without access to this one', () => {
    const { container } = render(
      <RichText
        format={POST_FORMAT}
        text={[
          '***Big*** and **bold**',
          '[/uploads/post/abc.webp]',
          '[https://cdn.example.org/cat.png]',
          'More at https://example.org/read. Or https://example.org/join [Join us]',
          'https://www.instagram.com/reel/Cq9abc12/',
        ].join('\n')}
      />,
    );
    expect(screen.getByText('Big').tagName).toBe('STRONG');
    expect(screen.getByText('Big').className).toContain('text-[1.15em]');
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    const images = container.querySelectorAll('img');
    expect([...images].map((i) => i.getAttribute('src'))).toEqual(['/uploads/post/abc.webp', 'https://cdn.example.org/cat.png']);
    expect(images[1]).toHaveAttribute('referrerpolicy', 'no-referrer');
    const link = screen.getByRole('link', { name: 'https://example.org/read' });
    const button = screen.getByRole('link', { name: 'Join us example.org' });
    for (const a of [link, button]) {
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(button).toHaveAttribute('href', 'https://example.org/join');
    expect(screen.getByTitle('Instagram reel')).toHaveAttribute('src', 'https://www.instagram.com/reel/Cq9abc12/embed/');
  });

  it('shows the host beside a "url [label]" button, so a label cannot hide where it leads (decision 0012 e)', () => {
    render(
      <RichText
        format={POST_FORMAT}
        text={['https://evil.example/login [PayPal]', 'https://www.example.org/x [www.example.org]'].join('\n')}
      />,
    );
    const button = screen.getByRole('link', { name: 'PayPal evil.example' });
    expect(button).toHaveAttribute('href', 'https://evil.example/login');
    expect(button).toHaveTextContent('PayPal evil.example');
    // A label that reads as an address is already replaced by the host: shown once.
    expect(screen.getByRole('link', { name: 'example.org' })).toHaveTextContent(/^example\.org$/);
  });

  it('makes images buttons that open the lightbox when asked to', () => {
    const onOpenImage = vi.fn();
    render(<RichText format={POST_FORMAT} text="[/uploads/post/abc.webp]" onOpenImage={onOpenImage} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open image' }));
    expect(onOpenImage).toHaveBeenCalledWith('/uploads/post/abc.webp');
  });

  it('renders hostile input inert: no script, no unsafe link, no handler, no foreign frame', () => {
    const hostile = [
      '<script>window.__pwned = 1</script>',
      '<img src=x onerror="window.__pwned = 1">',
      '[javascript:alert(1)] javascript:alert(1) [Click]',
      '[data:image/svg+xml,<svg onload=alert(1)>]',
      '<iframe src="https://evil.example"></iframe>',
      'https://user:pw@evil.example/',
      `${'w'.repeat(10_000)}`,
    ].join('\n');
    const { container } = render(<RichText text={hostile} format={POST_FORMAT} />);
    expect(container.querySelectorAll('script, img, iframe, [onerror], [onload], a')).toHaveLength(0);
    expect(container.textContent).toContain('<script>window.__pwned = 1</script>');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    // The 10,000-character word may break anywhere instead of widening the page.
    expect(container.querySelector('p')?.className).toContain('[overflow-wrap:anywhere]');
  });

  it('comments never embed', () => {
    const { container } = render(<RichText format={COMMENT_FORMAT} text={`https://youtu.be/${ID} [/uploads/post/a.webp]`} />);
    expect(container.querySelectorAll('iframe, img')).toHaveLength(0);
  });
});

describe('embedded videos in posts', () => {
  type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
  let observe: Callback = () => {};

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  function stubObserver() {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: Callback) {
          observe = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
  }

  it('use the privacy-enhanced player, muted, with its command API', () => {
    stubObserver();
    render(<RichText format={POST_FORMAT} text={`https://youtu.be/${ID}?t=30`} />);
    expect(screen.getByTitle('YouTube video')).toHaveAttribute(
      'src',
      `https://www.youtube-nocookie.com/embed/${ID}?enablejsapi=1&mute=1&playsinline=1&start=30`,
    );
    expect(screen.getByTitle('YouTube video').getAttribute('allow')).toContain('autoplay');
  });

  it('play at 60% visibility and pause below it, posting only to the player origin', () => {
    vi.useFakeTimers();
    stubObserver();
    render(<RichText format={POST_FORMAT} text={`https://youtu.be/${ID}`} />);
    const frame = screen.getByTitle('YouTube video') as HTMLIFrameElement;
    const post = vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => {});
    const sent = () => post.mock.calls.map(([message, origin]) => [JSON.parse(String(message)).func, origin]);
    const origin = 'https://www.youtube-nocookie.com';

    act(() => observe([{ isIntersecting: true, intersectionRatio: 0.59 }]));
    expect(post).not.toHaveBeenCalled();
    act(() => observe([{ isIntersecting: true, intersectionRatio: 0.6 }]));
    expect(sent()).toEqual([
      ['mute', origin],
      ['playVideo', origin],
    ]);
    post.mockClear();
    act(() => observe([{ isIntersecting: true, intersectionRatio: 0.3 }]));
    expect(sent()).toEqual([
      ['mute', origin],
      ['pauseVideo', origin],
    ]);
    // After the player loads, the wanted state (paused now) is sent again until the player listens.
    post.mockClear();
    fireEvent.load(frame);
    act(() => vi.advanceTimersByTime(2_000));
    expect(sent().filter(([func]) => func === 'pauseVideo')).toHaveLength(3);
    expect(sent().some(([func]) => func === 'playVideo')).toBe(false);
    expect(playerMessage('playVideo')).toBe('{"event":"command","func":"playVideo","args":[]}');
  });

  it('a community Intro keeps the click-to-play player', () => {
    render(<RichText format={INTRO_FORMAT} text={`[https://youtu.be/${ID}]`} />);
    expect(screen.getByTitle('YouTube video')).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${ID}`);
  });

  it('renders @username as a link to its profile panel on this page, other parameters kept (issue 12 §2.9)', () => {
    render(
      <MemoryRouter initialEntries={['/group/owls/discussions?post=12-301']}>
        <RichText format={COMMENT_FORMAT} text="Ask @grace about it" />
      </MemoryRouter>,
    );
    const mention = screen.getByRole('link', { name: '@grace' });
    expect(mention).toHaveAttribute('href', '/group/owls/discussions?post=12-301&profile=%40grace');
    expect(mention).not.toHaveAttribute('target');
  });
});
