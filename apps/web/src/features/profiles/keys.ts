/** Query keys of profiles (zod-free, so any feature may refresh a profile, e.g. after unblocking in settings). */
export const profileKeys = {
  all: ['profiles'] as const,
  own: () => [...profileKeys.all, 'own'] as const,
  detail: (id: number) => [...profileKeys.all, 'detail', id] as const,
  byUsername: (username: string) => [...profileKeys.all, 'username', username.toLowerCase()] as const,
};
