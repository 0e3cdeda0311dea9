import { describe, expect, it } from 'vitest';
import { blogFieldsSchema, blogPreviewText, canCreateBlog, canManageBlog } from './blogs';
import { PAGE_SIZE_MAX } from './pagination';
import { BLOG_LIMITS } from './blog-texts';

describe('canManageBlog (SPEC §6: the owner, or an admin on their own blogs)', () => {
  const me = 5;
  it.each([
    [{ id: me, role: 'owner', isOwner: true }, 99, true],
    [{ id: me, role: null, isOwner: true }, 99, true],
    [{ id: me, role: 'admin', isOwner: false }, me, true],
    [{ id: me, role: 'ADMIN', isOwner: false }, me, true],
    [{ id: me, role: 'admin', isOwner: false }, 99, false],
    [{ id: me, role: 'admin', isOwner: false }, null, false],
    [{ id: me, role: 'moderator', isOwner: false }, me, false],
    [{ id: me, role: 'member', isOwner: false }, me, false],
    [{ id: me, role: null, isOwner: false }, me, false],
    [null, me, false],
  ] as const)('%j on a blog by %j → %j', (viewer, author, expected) => {
    expect(canManageBlog(viewer, author)).toBe(expected);
  });
});

describe('canCreateBlog (SPEC §6: owner or admin)', () => {
  it.each([
    [{ role: 'owner', isOwner: false }, true],
    [{ role: null, isOwner: true }, true],
    [{ role: 'admin', isOwner: false }, true],
    [{ role: 'moderator', isOwner: false }, false],
    [{ role: 'member', isOwner: false }, false],
    [{ role: null, isOwner: false }, false],
    [null, false],
  ] as const)('%j → %j', (viewer, expected) => {
    expect(canCreateBlog(viewer)).toBe(expected);
  });
});

describe('blogFieldsSchema', () => {
  it('cleans the title to one line and the content as pasted text', () => {
    expect(blogFieldsSchema.parse({ title: ' A\u200b  title\n', content: 'one  \r\n\r\n\r\n\r\ntwo\u200b ' })).toEqual({
      title: 'A title',
      content: 'one\n\ntwo',
      removeImage: false,
    });
  });

  it.each([
    [{ title: 'x', content: 'y', removeImage: 'true' }, true],
    [{ title: 'x', content: 'y', removeImage: '1' }, true],
    [{ title: 'x', content: 'y', removeImage: 'false' }, false],
    [{ title: 'x', content: 'y', removeImage: '' }, false],
  ])('reads removeImage %j', (input, expected) => {
    expect(blogFieldsSchema.parse(input).removeImage).toBe(expected);
  });

  it('refuses a blank title or content and an unknown removeImage', () => {
    expect(blogFieldsSchema.safeParse({ title: ' ', content: 'y' }).success).toBe(false);
    expect(blogFieldsSchema.safeParse({ title: 'x', content: '\n\n' }).success).toBe(false);
    expect(blogFieldsSchema.safeParse({ title: 'x', content: 'y', removeImage: 'maybe' }).success).toBe(false);
  });
});

describe('blogPreviewText', () => {
  it.each([
    ['Plain words.', 'Plain words.'],
    ['A **bold** and ***big*** word', 'A bold and big word'],
    ['Look [/uploads/post/a.webp] here\n\n```js\nconst x = 1;\n```\nafter', 'Look here const x = 1; after'],
    ['  spaced \n\n out  ', 'spaced out'],
  ])('%j → %j', (input, expected) => {
    expect(blogPreviewText(input)).toBe(expected);
  });

  it('cuts at a word within the limit, with an ellipsis', () => {
    expect(blogPreviewText('alpha beta gamma delta epsilon', 17)).toBe('alpha beta gamma…');
    expect(blogPreviewText('alpha beta gammadelta epsilon', 17)).toBe('alpha beta…');
    expect(blogPreviewText('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('BLOG_LIMITS', () => {
  it('pages at most as much as every other list (the zod-free copy of PAGE_SIZE_MAX)', () => {
    expect(BLOG_LIMITS.pageMax).toBe(PAGE_SIZE_MAX);
  });
});
