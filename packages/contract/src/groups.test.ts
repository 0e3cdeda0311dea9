import { describe, expect, it } from 'vitest';
import {
  assignRoleRequestSchema,
  createGroupFieldsSchema,
  GROUP_MESSAGES,
  GROUP_NOTIFICATION_TEXTS,
  groupNameField,
  isValidSlug,
  memberIdRequestSchema,
  privacyRequestSchema,
  respondInviteRequestSchema,
  updateGroupRequestSchema,
} from './index';
import { slugifyGroupName } from './slugs';

describe('slugifyGroupName', () => {
  it.each([
    ['Night Owls Book Club', 'night-owls-book-club'],
    ['  Crème Brûlée — Lovers!! ', 'creme-brulee-lovers'],
    ['Straße & Café', 'strasse-and-cafe'],
    ['Москва Фото', 'moskva-foto'],
    ['Ελλάδα', 'ellada'],
    ['Ærø Øl', 'aero-ol'],
    ['2024', '2024-community'],
    ['🔥🔥🔥', 'community'],
    ['C++ / Rust', 'c-rust'],
    ['ＦＵＬＬ width', 'full-width'],
  ])('%s → %s', (name, slug) => {
    expect(slugifyGroupName(name)).toBe(slug);
    expect(isValidSlug(slug)).toBe(true);
  });
  it('cuts a long name at a word boundary within 60 characters', () => {
    const slug = slugifyGroupName('word '.repeat(20));
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).toMatch(/^word(-word)+$/);
    expect(slugifyGroupName('a'.repeat(50) + 'b'.repeat(50))).toHaveLength(60);
  });
  it('never makes a slug that looks like an id', () => {
    expect(isValidSlug('123')).toBe(false);
    expect(isValidSlug('123-a')).toBe(true);
    expect(isValidSlug('Upper')).toBe(false);
    expect(isValidSlug('a--b')).toBe(false);
  });
});

describe('group name', () => {
  it('trims, removes zero-width characters and collapses spaces', () => {
    expect(groupNameField.parse('  Hello \u200b  World \n')).toBe('Hello World');
  });
  it.each(['', '   ', '\u200b\u200c\u200d\ufeff', ' \u2060 '])('refuses a blank name %j', (name) => {
    const result = groupNameField.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(GROUP_MESSAGES.nameInvalid);
  });
  it('allows 50 characters, refuses 51', () => {
    expect(groupNameField.safeParse('x'.repeat(50)).success).toBe(true);
    expect(groupNameField.safeParse('x'.repeat(51)).error?.issues[0]?.message).toBe(GROUP_MESSAGES.nameTooLong);
  });
  it('refuses control characters', () => {
    expect(groupNameField.safeParse('bad\u0000name').success).toBe(false);
  });
});

describe('create fields', () => {
  it('defaults missing sections to empty and ignores owner_id', () => {
    expect(createGroupFieldsSchema.parse({ group_name: 'A', owner_id: '999' })).toMatchObject({
      group_name: 'A',
      aboutText: '',
      rulesText: '',
      socialMediaText: '',
    });
  });
  it('cleans pasted section text and limits it to 5,000 characters', () => {
    expect(createGroupFieldsSchema.parse({ group_name: 'A', aboutText: 'a  \r\n\r\n\r\n\r\nb\u200b ' }).aboutText).toBe('a\n\nb');
    expect(createGroupFieldsSchema.safeParse({ group_name: 'A', rulesText: 'r'.repeat(5001) }).success).toBe(false);
    expect(createGroupFieldsSchema.safeParse({ group_name: 'A', rulesText: 'r'.repeat(5000) }).success).toBe(true);
  });
});

describe('update request', () => {
  it('takes exactly one key', () => {
    expect(updateGroupRequestSchema.safeParse({ about: 'x' }).success).toBe(true);
    expect(updateGroupRequestSchema.safeParse({ about: '' }).success).toBe(true);
    for (const body of [{}, { about: 'x', rules: 'y' }, { group_name: 'A', social_media: 'z' }, { other: 1 }]) {
      const result = updateGroupRequestSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(GROUP_MESSAGES.updateExactlyOne);
    }
  });
});

describe('ids and flags', () => {
  it.each([
    [5, 5],
    ['42', 42],
    [' 7 ', 7],
  ])('accepts %j as id %d', (value, id) => expect(memberIdRequestSchema.parse({ memberId: value }).memberId).toBe(id));
  it.each([0, -1, 1.5, 2_147_483_648, 1e20, '-3', 'abc', '1e3', '', null, true, [], {}])('refuses %j as an id', (value) => {
    const result = memberIdRequestSchema.safeParse({ memberId: value });
    expect(result.success).toBe(false);
  });
  it('refuses owner as a new role', () => {
    expect(assignRoleRequestSchema.safeParse({ memberId: 1, newRole: 'owner' }).success).toBe(false);
    expect(assignRoleRequestSchema.parse({ memberId: 1, newRole: 'moderator' }).newRole).toBe('moderator');
  });
  it('reads privacy and accept flags loosely but never guesses', () => {
    expect(privacyRequestSchema.parse({ is_private: 1 }).is_private).toBe(true);
    expect(privacyRequestSchema.parse({ is_private: '0' }).is_private).toBe(false);
    expect(privacyRequestSchema.safeParse({ is_private: 2 }).success).toBe(false);
    expect(privacyRequestSchema.safeParse({}).success).toBe(false);
    expect(respondInviteRequestSchema.parse({ notificationId: 3, accept: false }).accept).toBe(false);
    expect(respondInviteRequestSchema.safeParse({ notificationId: 3, accept: 'maybe' }).success).toBe(false);
  });
});

describe('membership notification texts (issue 12 §2.2)', () => {
  it('says the new role with its article, and names the community', () => {
    expect(GROUP_NOTIFICATION_TEXTS.roleChanged('owner', 'Night Owls')).toBe('You are now the owner of Night Owls');
    expect(GROUP_NOTIFICATION_TEXTS.roleChanged('admin', 'Night Owls')).toBe('You are now an admin of Night Owls');
    expect(GROUP_NOTIFICATION_TEXTS.roleChanged('moderator', 'Night Owls')).toBe('You are now a moderator of Night Owls');
    expect(GROUP_NOTIFICATION_TEXTS.roleChanged('member', 'Night Owls')).toBe('You are now a member of Night Owls');
    expect(GROUP_NOTIFICATION_TEXTS.joinRequest('ada', 'Night Owls')).toBe('ada asked to join Night Owls');
  });
});
