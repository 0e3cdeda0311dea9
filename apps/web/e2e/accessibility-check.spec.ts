import { abandonedChecks, expectNoAxeViolations, expect, test } from './fixtures';

/**
 * The accessibility check itself: it must fail on what it claims to catch, or a green journey proves nothing.
 * Static pages (no app) keep each case to one cause.
 */
const page = (body: string, style = '') =>
  `<!doctype html><html lang="en"><head><title>Check</title><style>${style}</style></head><body><main>${body}</main></body></html>`;

test.describe('expectNoAxeViolations', () => {
  test('passes a plain readable page', async ({ page: p }) => {
    await p.setContent(page('<h1>Readable</h1><p style="color:#18181b">Dark grey on white.</p>'));
    await expectNoAxeViolations(p, 'readable');
  });

  test('fails on low contrast (the old 2.6:1 empty-field grey)', async ({ page: p }) => {
    await p.setContent(page('<h1>Profile</h1><p style="color:#9f9fa9">Nothing&#39;s here</p>'));
    await expect(expectNoAxeViolations(p, 'low contrast')).rejects.toThrow(/color-contrast/);
  });

  test('fails when a visible label is not part of the accessible name (WCAG 2.5.3, the old Like button)', async ({ page: p }) => {
    await p.setContent(page('<h1>Post</h1><button type="button" aria-label="Like post">3 likes</button>'));
    await expect(expectNoAxeViolations(p, 'label in name')).rejects.toThrow(/label-content-name-mismatch/);
  });

  test('passes a name that starts with the visible label', async ({ page: p }) => {
    await p.setContent(page('<h1>Post</h1><button type="button" aria-label="3 likes, like this post">3 likes</button>'));
    await expectNoAxeViolations(p, 'label in name');
  });

  // axe 4.13 could not parse Tailwind 4's minified `none` channels and skipped (or aborted) the check; 4.14 reads
  // them, so these colours are checked like any other. abandonedChecks() stays for whatever axe gives up on next.
  test('checks text on a page background written with a `none` channel', async ({ page: p }) => {
    await p.setContent(page('<h1>Title</h1><p>Some text</p>', 'body { background: oklch(98.5% 0 none); color: #18181b; }'));
    await expectNoAxeViolations(p, 'readable on a none background');
    await p.setContent(page('<h1>Title</h1><p>Some text</p>', 'body { background: oklch(98.5% 0 none); color: #a1a1aa; }'));
    await expect(expectNoAxeViolations(p, 'faint on a none background')).rejects.toThrow(/color-contrast/);
  });

  test('checks a text colour written with a `none` channel', async ({ page: p }) => {
    await p.setContent(page('<h1>Title</h1><p style="color: oklch(30% 0 none)">Some text</p>'));
    await expectNoAxeViolations(p, 'dark none text');
    await p.setContent(page('<h1>Title</h1><p style="color: oklch(80% 0 none)">Some text</p>'));
    await expect(expectNoAxeViolations(p, 'faint none text')).rejects.toThrow(/color-contrast/);
  });
});

test("an aborted rule counts as a failure (what axe returned for the old app's 404 page)", () => {
  // Recorded from the pre-fix build: the body's `oklch(0.985 0 none)` broke the stacking-context walk, so
  // color-contrast aborted for the whole page and reported no pass and no violation.
  const results = {
    incomplete: [
      {
        id: 'color-contrast',
        error: { message: 'Unable to parse color "oklch(0.985 0 none)" Skipping color-contrast rule.' },
        nodes: [{ target: ['.\\[\\&_svg\\]\\:size-4'], any: [], all: [], none: [{ id: 'error-occurred', data: {} }] }],
      },
    ],
  } as unknown as Parameters<typeof abandonedChecks>[0];
  expect(abandonedChecks(results)).toEqual([
    'color-contrast aborted: Unable to parse color "oklch(0.985 0 none)" Skipping color-contrast rule.',
  ]);
});
