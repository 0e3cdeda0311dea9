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

  test('fails when the page background is a colour axe cannot parse (each text is skipped)', async ({ page: p }) => {
    await p.setContent(page('<h1>Title</h1><p>Some text</p>', 'body { background: oklch(98.5% 0 none); color: #18181b; }'));
    await expect(expectNoAxeViolations(p, 'unparsable background')).rejects.toThrow(/could not run[\s\S]*Could not parse color/);
  });

  test('fails when one text colour cannot be parsed (that element would be skipped)', async ({ page: p }) => {
    await p.setContent(page('<h1>Title</h1><p style="color: oklch(30% 0 none)">Some text</p>'));
    await expect(expectNoAxeViolations(p, 'unparsable text colour')).rejects.toThrow(/could not run[\s\S]*oklch/);
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
