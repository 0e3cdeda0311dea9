import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { renderInline, RichText, safeHref } from './render';
import { INTRO_FORMAT, RULES_FORMAT } from './rules';

const ID = 'dQw4w9WgXcQ';

describe('RichText', () => {
  it('renders bold as <strong> and keeps line breaks in the text', () => {
    const { container } = render(<RichText text={'Hello **world**\nsecond line'} format={RULES_FORMAT} />);
    expect(screen.getByText('world').tagName).toBe('STRONG');
    expect(container.querySelector('p')?.textContent).toBe('Hello world\nsecond line');
  });

  it('embeds a bracketed video with the privacy-enhanced player', () => {
    render(<RichText text={`Look [https://www.youtube.com/watch?v=${ID}&t=1m5s]`} format={INTRO_FORMAT} />);
    const frame = screen.getByTitle('YouTube video');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${ID}?start=65`);
    expect(screen.getByText('Look')).toBeInTheDocument();
  });

  it('shows the empty content for blank text', () => {
    render(<RichText text={'  \n '} format={INTRO_FORMAT} empty={<p>Nothing to show here...</p>} />);
    expect(screen.getByText('Nothing to show here...')).toBeInTheDocument();
  });

  it('renders hostile input inert: HTML stays text, no script, image, frame or link is created', () => {
    const hostile = [
      '<script>window.__pwned = 1</script>',
      '<img src=x onerror="window.__pwned = 1">',
      '[javascript:alert(1)]',
      '[https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ]',
      '**<a href="javascript:alert(1)">click</a>**',
      '<iframe src="https://evil.example"></iframe>',
    ].join('\n');
    const { container } = render(<RichText text={hostile} format={INTRO_FORMAT} />);
    expect(container.querySelectorAll('script, img, iframe, a, [onerror]')).toHaveLength(0);
    expect(container.textContent).toContain('<script>window.__pwned = 1</script>');
    expect(container.querySelector('strong')?.textContent).toBe('<a href="javascript:alert(1)">click</a>');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('lets a huge unbroken string wrap instead of widening the page', () => {
    const { container } = render(<RichText text={'y'.repeat(5_000)} format={RULES_FORMAT} />);
    expect(container.querySelector('p')?.className).toContain('[overflow-wrap:anywhere]');
  });
});

describe('link nodes (for rules that produce links)', () => {
  it('open http(s) addresses in a new tab without access to this one, and render anything else as text', () => {
    render(
      <p>
        {renderInline([
          { type: 'link', href: 'https://example.org/a', children: [{ type: 'text', text: 'safe' }] },
          { type: 'link', href: 'javascript:alert(1)', children: [{ type: 'text', text: 'unsafe' }] },
        ])}
      </p>,
    );
    const link = screen.getByRole('link', { name: 'safe' });
    expect(link).toHaveAttribute('href', 'https://example.org/a');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('unsafe').closest('a')).toBeNull();
  });

  it.each([
    ['https://example.org/', 'https://example.org/'],
    ['http://example.org', 'http://example.org/'],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['data:text/html,x', null],
    ['/relative', null],
  ])('safeHref(%j) → %j', (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });
});
