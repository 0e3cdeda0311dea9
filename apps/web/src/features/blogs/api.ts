import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  API,
  BLOG_LIMITS,
  type BlogFields,
  type BlogPostsResponse,
  type BlogResponse,
  type JoinedBlogsResponse,
  type Blog,
} from '@agora/contract';
import { call, multipartBody, upload } from '@/lib/api-client';
import { useOptimisticMutation } from '@/lib/optimistic';
import { useSession } from '@/lib/session';
import { blogKeys } from './keys';
import { BLOG_TEXTS } from './texts';
import { toastSuccess } from '@/lib/toast';
import { REMOVAL_TEXTS } from '@/features/discussions/public';

/**
 * Blogs: every request the web app makes about blog posts (SPEC §7 "Blogs"), their query keys and the mutations with
 * their SPEC §8 default error texts. Components use these hooks, never the client.
 */

export { blogKeys } from './keys';

// ---------------------------------------------------------------------------------------------------------------
// Reads

/** GET /api/groups/{id}/posts: the community's blogs, newest first, page by page (infinite scroll). */
export function useGroupBlogs(groupId: number) {
  return useInfiniteQuery({
    queryKey: blogKeys.group(groupId),
    queryFn: ({ signal, pageParam }) => call(API.blogs.ofGroup, { params: [groupId], query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: BlogPostsResponse) => last.nextCursor ?? undefined,
  });
}

/** GET /groups/joined/blogs: the home strip, blogs of the communities the viewer joined or owns. */
export function useJoinedBlogs() {
  const session = useSession();
  return useInfiniteQuery({
    queryKey: blogKeys.joined(),
    queryFn: ({ signal, pageParam }) => call(API.blogs.joined, { query: { cursor: pageParam, limit: BLOG_LIMITS.stripDefault }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: JoinedBlogsResponse) => last.nextCursor ?? undefined,
    enabled: Boolean(session),
  });
}

/** GET /groups/blog/{blogId}: the whole blog (404 "Blog Post Not Found"; 403 for a private community's outsiders). */
export function useBlog(blogId: number) {
  return useQuery({
    queryKey: blogKeys.detail(blogId),
    queryFn: ({ signal }) => call(API.blogs.detail, { params: [blogId], signal }),
    enabled: Number.isSafeInteger(blogId) && blogId > 0,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Cache helpers

type BlogCacheData = BlogResponse | InfiniteData<BlogPostsResponse | JoinedBlogsResponse>;

/** Applies `fn` to the blog `blogId` wherever the cache holds it: its page, the community lists, the home strip. */
export function mapCachedBlog(old: unknown, blogId: number, fn: (blog: Blog) => Blog): unknown {
  const data = old as BlogCacheData | undefined;
  if (!data || typeof data !== 'object') return old;
  const map = (blog: Blog) => (blog.id === blogId ? fn(blog) : blog);
  if ('blog' in data) return data.blog.id === blogId ? { ...data, blog: fn(data.blog) } : data;
  if ('pages' in data) {
    return {
      ...data,
      pages: data.pages.map((page) =>
        'posts' in page ? { ...page, posts: page.posts.map(map) } : { ...page, blogs: page.blogs.map(map) },
      ),
    };
  }
  return old;
}

// ---------------------------------------------------------------------------------------------------------------
// Writing (owner and admins)

export interface BlogInput {
  title: string;
  content: string;
  /** A new header image; absent keeps the current one on edit. */
  image?: File | null;
  /** Edit only: remove the current header image. */
  removeImage?: boolean;
}

/** The multipart body: title, content, then the new image, or removeImage=true (without one) to remove it. */
function blogForm(input: BlogInput) {
  const removeImage = !input.image && input.removeImage ? 'true' : undefined;
  return multipartBody<BlogFields>({ title: input.title, content: input.content, removeImage }, { image: input.image });
}

/** POST /groups/{groupId}/posts (multipart title, content, optional image). */
export function useCreateBlog(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BlogInput) => call(API.blogs.create, { params: [groupId], body: blogForm(input) }),
    meta: { errorMessage: BLOG_TEXTS.createFailed },
    onSuccess: (data) => {
      queryClient.setQueryData(blogKeys.detail(data.post.id), { blog: data.post });
      void queryClient.invalidateQueries({ queryKey: blogKeys.lists() });
    },
  });
}

/** PUT /groups/{groupId}/blogs/{blogId} (same multipart; removeImage=true removes the header image). */
export function useUpdateBlog(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ blogId, ...input }: BlogInput & { blogId: number }) =>
      call(API.blogs.update, { params: [groupId, blogId], body: blogForm(input) }),
    meta: { errorMessage: BLOG_TEXTS.updateFailed },
    onSuccess: (data) => {
      queryClient.setQueryData(blogKeys.detail(data.blog.id), { blog: data.blog });
      void queryClient.invalidateQueries({ queryKey: blogKeys.lists() });
    },
  });
}

/** DELETE /groups/{groupId}/blogs/{blogId}. */
export function useDeleteBlog(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ blogId }: { blogId: number }) => call(API.blogs.remove, { params: [groupId, blogId] }),
    meta: { errorMessage: BLOG_TEXTS.deleteFailed },
    onSuccess: (_data, { blogId }) => {
      queryClient.removeQueries({ queryKey: blogKeys.detail(blogId) });
      void queryClient.invalidateQueries({ queryKey: blogKeys.lists() });
    },
  });
}

/** POST /upload/image: an image for the content (the editor inserts "[url]"), with the upload percentage. */
export function useUploadBlogImage() {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) =>
      upload(API.uploads.image, [], { field: 'image', blob: file, filename: file.name || 'image.png' }, { onProgress }),
    meta: { errorMessage: BLOG_TEXTS.imageUploadFailed },
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Likes and shares

interface BlogRef {
  groupId: number;
  blogId: number;
}

/**
 * POST …/like: the flag and count flip at once everywhere the blog shows (counts never below 0), one toggle per blog
 * at a time, reverted on error, then reconciled with the server's `liked` and `likes_count` (SPEC §4).
 */
export function useBlogLike() {
  const queryClient = useQueryClient();
  const patch = (blogId: number, fn: (blog: Blog) => Blog) => ({
    queryKey: blogKeys.all,
    update: (old: unknown) => mapCachedBlog(old, blogId, fn),
  });
  return useOptimisticMutation({
    mutationFn: ({ groupId, blogId }: BlogRef) => call(API.blogs.like, { params: [groupId, blogId] }),
    lockKey: ({ blogId }) => `like:blog:${blogId}`,
    optimistic: ({ blogId }) => [
      patch(blogId, (b) => ({ ...b, is_liked: !b.is_liked, likes_count: Math.max(0, b.likes_count + (b.is_liked ? -1 : 1)) })),
    ],
    reconcile: (data, { blogId }) => {
      const { queryKey, update } = patch(blogId, (b) => ({ ...b, is_liked: data.liked, likes_count: data.likes_count }));
      queryClient.setQueriesData({ queryKey }, update);
    },
    meta: { errorMessage: BLOG_TEXTS.likeFailed },
  });
}

/** POST …/share: counts one share and takes the server's share_count (the page copies its link itself). */
export function useShareBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, blogId }: BlogRef) => call(API.blogs.share, { params: [groupId, blogId] }),
    // The link is copied whatever happens here; a refused count (the rate limit) shows the server's message.
    meta: {},
    onSuccess: (data, { blogId }) => {
      queryClient.setQueriesData({ queryKey: blogKeys.all }, (old) =>
        mapCachedBlog(old, blogId, (b) => ({ ...b, share_count: data.share_count })),
      );
    },
  });
}

/**
 * POST /api/groups/{groupId}/blogs/{blogId}/remove {reason} or …/restore (issue 15 §3): the staff take a blog down
 * or put it back; it stays on the page with its banner, and the lists load again (others no longer receive it).
 */
export function useModerateBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, blogId, reason }: BlogRef & { reason: string | null }) =>
      reason === null
        ? call(API.removals.restoreBlog, { params: [groupId, blogId] })
        : call(API.removals.blog, { params: [groupId, blogId], body: { reason } }),
    onSuccess: (data, { blogId }) => {
      queryClient.setQueriesData({ queryKey: blogKeys.all }, (old) =>
        mapCachedBlog(old, blogId, (blog) => ({
          ...blog,
          removed: data.removed,
          abilities: blog.abilities && { ...blog.abilities, remove: data.removed === null, restore: data.removed !== null },
        })),
      );
      void queryClient.invalidateQueries({ queryKey: blogKeys.lists() });
      void toastSuccess(data.removed ? REMOVAL_TEXTS.removed : REMOVAL_TEXTS.restored);
    },
  });
}
