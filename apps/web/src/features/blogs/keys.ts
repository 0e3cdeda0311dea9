/** Query keys of the blogs feature (zod-free, so a page can refresh them without loading the API module). */
export const blogKeys = {
  all: ['blogs'] as const,
  lists: () => [...blogKeys.all, 'list'] as const,
  /** A community's blogs, keyed by its numeric id. */
  group: (groupId: number) => [...blogKeys.lists(), 'group', groupId] as const,
  /** The home strip: blogs of the communities the viewer joined. */
  joined: () => [...blogKeys.lists(), 'joined'] as const,
  details: () => [...blogKeys.all, 'detail'] as const,
  detail: (blogId: number) => [...blogKeys.details(), blogId] as const,
};
