import { describe, expect, it } from 'vitest';
import {
  createCommentRequestSchema,
  createDiscussionRequestSchema,
  DISCUSSION_LIMITS,
  DISCUSSION_MESSAGES,
  discussionLink,
  likeRequestSchema,
  parseDiscussionLink,
  parsePathId,
  postImagePathsIn,
  updateDiscussionRequestSchema,
} from './discussions';
import { TEXT_MESSAGES } from './text';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;
const IMG = '/uploads/post/abcDEF_12-x.webp';

describe('createDiscussionRequestSchema', () => {
  it('cleans pasted text and keeps a post with images', () => {
    const parsed = createDiscussionRequestSchema.parse({ content: '  Hello\r\n\n\n\nworld\u200B  ', mediaUrls: [IMG, `${IMG}?v=2`] });
    expect(parsed.content).toBe('Hello\n\nworld');
    expect(parsed.mediaUrls).toEqual([IMG]);
  });

  it('treats absent or null mediaUrls as none', () => {
    expect(createDiscussionRequestSchema.parse({ content: 'x' }).mediaUrls).toEqual([]);
    expect(createDiscussionRequestSchema.parse({ content: 'x', mediaUrls: null }).mediaUrls).toEqual([]);
  });

  it.each([
    ['', DISCUSSION_MESSAGES.contentRequired],
    ['   \n\u200B ', DISCUSSION_MESSAGES.contentRequired],
    ['a'.repeat(DISCUSSION_LIMITS.contentMax + 1), DISCUSSION_MESSAGES.contentTooLong],
    ['nul\u0000byte', TEXT_MESSAGES.controlChars],
    ['bell\u0007', TEXT_MESSAGES.controlChars],
  ])('refuses the text %#', (content, message) => {
    expect(firstMessage(createDiscussionRequestSchema.safeParse({ content }))).toBe(message);
  });

  it('accepts 20,000 characters and 10,000 without a space', () => {
    expect(createDiscussionRequestSchema.safeParse({ content: 'a'.repeat(DISCUSSION_LIMITS.contentMax) }).success).toBe(true);
    expect(createDiscussionRequestSchema.safeParse({ content: 'x'.repeat(10_000) }).success).toBe(true);
  });

  it.each([
    'https://evil.example/a.webp',
    '//evil.example/uploads/post/a.webp',
    '/uploads/profile/abc.jpg',
    '/uploads/post/../../etc/passwd',
    '/uploads/post/abc.svg',
    'javascript:alert(1)',
    '/uploads/post/a\u0000.webp',
  ])('refuses the media URL %s', (url) => {
    expect(firstMessage(createDiscussionRequestSchema.safeParse({ content: 'x', mediaUrls: [url] }))).toBe(
      DISCUSSION_MESSAGES.imageNotUploaded,
    );
  });

  it('refuses more than 10 images and a non-list', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `/uploads/post/img${i}.webp`);
    expect(firstMessage(createDiscussionRequestSchema.safeParse({ content: 'x', mediaUrls: eleven }))).toBe(
      DISCUSSION_MESSAGES.tooManyImages,
    );
    expect(firstMessage(createDiscussionRequestSchema.safeParse({ content: 'x', mediaUrls: IMG }))).toBe(
      DISCUSSION_MESSAGES.imageNotUploaded,
    );
  });
});

describe('updateDiscussionRequestSchema', () => {
  it('needs text', () => {
    expect(firstMessage(updateDiscussionRequestSchema.safeParse({ content: ' ' }))).toBe(DISCUSSION_MESSAGES.contentRequired);
    expect(updateDiscussionRequestSchema.parse({ content: ' new ' }).content).toBe('new');
  });
});

describe('createCommentRequestSchema', () => {
  it.each([
    [undefined, null],
    [null, null],
    ['', null],
    [12, 12],
    ['12', 12],
  ])('parentCommentId %j → %j', (parentCommentId, expected) => {
    expect(createCommentRequestSchema.parse({ content: 'hi', parentCommentId }).parentCommentId).toBe(expected);
  });

  it.each([-1, 0, 1.5, '1e3', 'abc', 2_147_483_648, {}])('refuses parentCommentId %j', (parentCommentId) => {
    expect(firstMessage(createCommentRequestSchema.safeParse({ content: 'hi', parentCommentId }))).toBe(
      DISCUSSION_MESSAGES.commentNotFound,
    );
  });

  it.each([
    ['  ', DISCUSSION_MESSAGES.commentRequired],
    ['x'.repeat(DISCUSSION_LIMITS.commentMax + 1), DISCUSSION_MESSAGES.commentTooLong],
    ['\u0000', TEXT_MESSAGES.controlChars],
  ])('refuses the comment %#', (content, message) => {
    expect(firstMessage(createCommentRequestSchema.safeParse({ content }))).toBe(message);
  });
});

describe('paths', () => {
  it('parses ids strictly', () => {
    expect(parsePathId('42')).toBe(42);
    for (const bad of ['0', '042', '-1', '1.0', 'abc', '2147483648', '99999999999', ' 1']) expect(parsePathId(bad)).toBeNull();
  });

  it('round-trips the notification link of a post', () => {
    expect(discussionLink(3, 41)).toBe('/groups/3/discussions/41');
    expect(parseDiscussionLink('/groups/3/discussions/41')).toEqual({ groupId: 3, discussionId: 41 });
    expect(parseDiscussionLink('/group/3/discussions/41')).toBeNull();
    expect(parseDiscussionLink('/groups/3/discussions/41/x')).toBeNull();
  });

  it('finds the post images a text shows, once each', () => {
    const text = `look [${IMG}] and [http://localhost:3000${IMG}] and /uploads/profile/x.jpg and /uploads/post/y.webpz`;
    expect(postImagePathsIn(text)).toEqual([IMG]);
  });
});

describe('likeRequestSchema', () => {
  it('toggles without a body and sets with `liked`', () => {
    expect(likeRequestSchema.parse(undefined)).toBeUndefined();
    expect(likeRequestSchema.parse(null)).toBeUndefined();
    expect(likeRequestSchema.parse({})).toBeUndefined();
    expect(likeRequestSchema.parse({ liked: true })).toBe(true);
    expect(likeRequestSchema.parse({ liked: false })).toBe(false);
    expect(likeRequestSchema.safeParse({ liked: 'yes' }).success).toBe(false);
  });
});
