import { describe, expect, it } from 'vitest';
import { createRoot } from 'react-dom/client';
import { act } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Logo } from '@/components/logo';
import { FIRST_PAINT, LOGOS, withFirstPaint } from './first-paint';
import { FIRST_PAGES } from './page-preloads';

// The first paint written into each page's HTML (build/first-paint.ts) draws the logo exactly as the app does.
describe('first paint in the HTML', () => {
  it('draws the same logo markup as components/logo.tsx', () => {
    expect(LOGOS.markSmall).toBe(renderToStaticMarkup(<Logo showWordmark={false} className="sm:hidden" />));
    expect(LOGOS.withWordmarkWide).toBe(renderToStaticMarkup(<Logo className="hidden sm:inline-flex" />));
    expect(LOGOS.withWordmark).toBe(renderToStaticMarkup(<Logo />));
    expect(LOGOS.inverted).toBe(renderToStaticMarkup(<Logo inverted />));
  });

  it('has a first paint for every first page, and goes into the empty root', () => {
    for (const page of Object.keys(FIRST_PAGES)) expect(FIRST_PAINT[page], page).toContain('data-first-paint');
    expect(withFirstPaint('<body><div id="root"></div></body>', '<p>x</p>')).toBe('<body><div id="root"><p>x</p></div></body>');
    expect(() => withFirstPaint('<body></body>', '<p>x</p>')).toThrow();
  });

  it('is replaced by the app on its first render', async () => {
    const container = document.createElement('div');
    container.innerHTML = FIRST_PAINT.home!;
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<p>The app</p>));
    expect(container.querySelector('[data-first-paint]')).toBeNull();
    expect(container.textContent).toBe('The app');
    act(() => root.unmount());
    container.remove();
  });
});
