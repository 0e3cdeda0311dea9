import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, isReservedUsername } from './auth-messages';
import { registerRequestSchema } from './auth';

describe('reserved usernames (decision 0012 c)', () => {
  it.each(['admin', 'ADMIN', 'agora_support', 'admin1', 'Admin_2', 'support-team', 'support_team', 'the_moderator', 'agorasupport',
    'SupportTeam', 'adm1n', 'r00t', 'sysadmin42', '_admin_', 'official_agora', 'noreply_bot', 'mod_7', 'security.team', 'agorahelp'])(
    '%s is reserved',
    (name) => expect(isReservedUsername(name)).toBe(true),
  );

  it.each(['badminton', 'modern', 'rootbeer', 'user123', 'team_rocket', 'helpful', 'systematic', 'alice', 'moderate_mike', 'bob_the_builder'])(
    '%s is allowed',
    (name) => expect(isReservedUsername(name)).toBe(false),
  );

  it('registration refuses agora_support with the reserved message', () => {
    const result = registerRequestSchema.safeParse({
      firstName: 'A',
      lastName: 'B',
      email: 'a@example.com',
      username: 'agora_support',
      password: 'long enough pass',
      confirmPassword: 'long enough pass',
    });
    expect(result.error?.issues[0]).toMatchObject({ path: ['username'], message: AUTH_MESSAGES.usernameReserved });
  });
});
