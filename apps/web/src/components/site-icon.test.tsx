import { render } from '@testing-library/react';
import { siGithub, siX } from 'simple-icons';
import { describe, expect, it } from 'vitest';
import { SocialLinks } from './social-links';

describe('social link icons', () => {
  it('draws each known network with its brand mark and other sites with a link icon', () => {
    const { container } = render(
      <SocialLinks text={'https://github.com/agora\nhttps://x.com/agora\nhttps://www.linkedin.com/in/agora\nhttps://example.org'} />,
    );
    const icons = [...container.querySelectorAll('a svg')];
    expect(icons).toHaveLength(4);
    expect(icons[0]!.querySelector('path')?.getAttribute('d')).toBe(siGithub.path);
    expect(icons[1]!.querySelector('path')?.getAttribute('d')).toBe(siX.path);
    expect(icons[2]!.getAttribute('data-site')).toBe('linkedin');
    expect(icons[3]!.getAttribute('data-site')).toBeNull();
    // Icons are decoration: the link's name comes from its text.
    for (const icon of icons) expect(icon.getAttribute('aria-hidden')).toBe('true');
  });
});
