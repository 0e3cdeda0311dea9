// Over 400 lines on purpose: one screen's tests share one mock server and its helpers; split by screen, not by size.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { json, makeProfile, mockFetch, renderApp, signIn, TEST_SESSION } from '@/test/render-app';
import { groupDetail, makeBlog, page, strip } from './test-data';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });
afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
});

type Reply = Response | Promise<Response>;
type Routes = Record<string, (body: unknown) => Reply>;

/** Answers "METHOD /path?query" (exact first, then without the query); the signed-in shell's own calls get harmless answers. */
function serve(routes: Routes) {
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
    if (handler) return handler(init.body);
    if (url === '/users/profile') return json(200, makeProfile());
    if (url.startsWith('/groups/joined') || url.startsWith('/groups/mine')) return json(200, { groups: [], nextCursor: null });
    return json(599, { message: `unexpected ${method} ${url}`, code: 'test' });
  });
}

function deferred() {
  let resolve: (r: Response) => void = () => {};
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

const BLOG_PATH = '/group/night-owls/blogs/blogpage/5';

describe('Blogs tab', () => {
  it('shows the cards (image or text preview, date, counts, author tooltip) and the create button to the owner', async () => {
    signIn();
    serve({
      'GET /groups/night-owls': () => json(200, groupDetail('owner')),
      'GET /api/groups/12/posts': () =>
        json(
          200,
          page([
            makeBlog({ blog_img: '/uploads/blog/a.webp' }),
            makeBlog({ id: 6, blog_title: 'Plain', blog_content: 'Only **words** here' }),
          ]),
        ),
    });
    const { user, router } = renderApp('/group/night-owls/blogs');
    const card = (await screen.findByRole('article', { name: 'Reading by lamplight' })) as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Reading by lamplight' })).toHaveAttribute('href', BLOG_PATH);
    expect(within(card).getByText('Mar 5 2024')).toBeInTheDocument();
    expect(within(card).getByText('4 likes')).toBeInTheDocument();
    expect(within(card).getByText('2 shares')).toBeInTheDocument();
    expect(card.querySelector('img[src="/uploads/blog/a.webp"]')).not.toBeNull();
    const plain = screen.getByRole('article', { name: 'Plain' });
    expect(within(plain).getByText('Only words here')).toBeInTheDocument();
    // The author's picture: the username tooltip (SPEC §2), and a button to their profile (issue 12 §2.14).
    const author = within(card).getByRole('button', { name: 'grace, open profile' });
    await user.hover(author);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('grace');
    expect(screen.getByRole('button', { name: 'Write a blog post' })).toBeInTheDocument();
    await user.click(author);
    expect(router.state.location.search).toContain('profile=40');
  });

  it.each([
    ['an admin', 'admin', true],
    ['a moderator', 'moderator', false],
    ['a member', 'member', false],
  ] as const)('gives %s the create button: %s', async (_label, role, shown) => {
    signIn();
    serve({
      'GET /groups/night-owls': () => json(200, groupDetail(role)),
      'GET /api/groups/12/posts': () => json(200, page([makeBlog()])),
    });
    renderApp('/group/night-owls/blogs');
    await screen.findByRole('article', { name: 'Reading by lamplight' });
    expect(screen.queryByRole('button', { name: 'Write a blog post' }) !== null).toBe(shown);
  });

  it('invites members to write the first post; visitors see only "No blog posts yet"', async () => {
    signIn();
    let role: 'member' | null = 'member';
    serve({
      'GET /groups/night-owls': () => json(200, groupDetail(role)),
      'GET /api/groups/12/posts': () => json(200, page([])),
    });
    const first = renderApp('/group/night-owls/blogs');
    expect(await screen.findByText('No blog posts yet')).toBeInTheDocument();
    expect(screen.getByText('Be the first to post!')).toBeInTheDocument();
    first.unmount();
    localStorage.clear();
    role = null;
    renderApp('/group/night-owls/blogs');
    expect(await screen.findByText('No blog posts yet')).toBeInTheDocument();
    expect(screen.queryByText('Be the first to post!')).not.toBeInTheDocument();
  });

  it('loads the next page with the cursor', async () => {
    serve({
      'GET /groups/night-owls': () => json(200, groupDetail(null)),
      'GET /api/groups/12/posts': () => json(200, page([makeBlog()], 'next-page')),
      'GET /api/groups/12/posts?cursor=next-page': () => json(200, page([makeBlog({ id: 9, blog_title: 'Older' })])),
    });
    const { user } = renderApp('/group/night-owls/blogs');
    await screen.findByRole('article', { name: 'Reading by lamplight' });
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Older' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});

describe('Report on a blog card (issue 15 §2)', () => {
  it('is offered on other people’s cards, in the Blogs tab and the home strip, and its dialog loads on press', async () => {
    signIn();
    const bodies: unknown[] = [];
    serve({
      'GET /groups/night-owls': () => json(200, groupDetail('member')),
      'GET /api/groups/12/posts': () =>
        json(200, page([makeBlog(), makeBlog({ id: 6, blog_title: 'Mine', blog_author: TEST_SESSION.userId, username: 'ada' })])),
      'POST /api/reports': (body) => {
        bodies.push(JSON.parse(String(body)));
        return json(201, { message: 'Thank you. The community’s moderators will look at your report.', id: 1 });
      },
    });
    const { user } = renderApp('/group/night-owls/blogs');
    const card = (await screen.findByRole('article', { name: 'Reading by lamplight' })) as HTMLElement;
    expect(within(screen.getByRole('article', { name: 'Mine' })).queryByRole('button', { name: /^Report/ })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Report the blog by grace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this blog' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you. The community’s moderators will look at your report.')).toBeInTheDocument();
    expect(bodies).toEqual([{ target_type: 'blog', target_id: 5, group_id: 12, reason: 'spam' }]);
  });

  it('is on the home strip’s cards', async () => {
    signIn();
    mockFetch((url) => {
      if (url === '/users/profile') return json(200, makeProfile());
      if (url.startsWith('/groups/joined/blogs')) return json(200, strip([makeBlog()]));
      if (url.startsWith('/groups/joined')) return json(200, { groups: [groupDetail('member').group], nextCursor: null });
      if (url.startsWith('/groups/mine')) return json(200, { groups: [], nextCursor: null });
      return json(599, {});
    });
    renderApp('/');
    const card = await screen.findByRole('article', { name: 'Reading by lamplight' });
    expect(within(card).getByRole('button', { name: 'Report the blog by grace' })).toBeInTheDocument();
  });

  it('is not offered to a visitor', async () => {
    serve({
      'GET /groups/night-owls': () => json(200, groupDetail(null)),
      'GET /api/groups/12/posts': () => json(200, page([makeBlog()])),
    });
    renderApp('/group/night-owls/blogs');
    const seen = await screen.findByRole('article', { name: 'Reading by lamplight' });
    expect(within(seen).queryByRole('button', { name: /^Report/ })).toBeNull();
  });
});

describe('Blog editor', () => {
  async function openEditor() {
    signIn();
    const created = deferred();
    const { calls } = serve({
      'GET /groups/night-owls': () => json(200, groupDetail('owner')),
      'GET /api/groups/12/posts': () => json(200, page([])),
      'POST /groups/12/posts': () => created.promise,
    });
    const app = renderApp('/group/night-owls/blogs');
    await app.user.click(await screen.findByRole('button', { name: 'Write a blog post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Blog Post' });
    return { ...app, calls, created, dialog };
  }

  it('keeps Publish disabled while the title or content is blank, wraps a selection in bold, then publishes and closes', async () => {
    const { user, dialog, calls, created } = await openEditor();
    const publish = within(dialog).getByRole('button', { name: 'Publish Blog Post' });
    expect(publish).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Blog title'), '   ');
    const content = within(dialog).getByLabelText('Content') as HTMLTextAreaElement;
    await user.type(content, 'Hello world');
    expect(publish).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Blog title'), 'My post');
    expect(publish).toBeEnabled();

    content.setSelectionRange(6, 11);
    await user.click(within(dialog).getByRole('button', { name: 'Bold' }));
    expect(content.value).toBe('Hello **world**');
    // Heading with nothing selected starts a heading line, its placeholder selected to be typed over.
    content.setSelectionRange(content.value.length, content.value.length);
    await user.click(within(dialog).getByRole('button', { name: 'Heading' }));
    expect(content.value).toBe('Hello **world**\n***Heading***\n');
    await waitFor(() => expect(content.value.slice(content.selectionStart, content.selectionEnd)).toBe('Heading'));

    await user.click(publish);
    expect(await within(dialog).findByRole('button', { name: 'Publishing...' })).toBeDisabled();
    const sent = calls.find((c) => c.method === 'POST')!.body as FormData;
    expect(sent.get('title')).toBe('   My post');
    expect(sent.get('content')).toBe('Hello **world**\n***Heading***\n');
    expect(sent.get('image')).toBeNull();
    created.resolve(json(201, { message: 'Blog post published', post: makeBlog({ blog_title: 'My post' }) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Said so, not just closed.
    expect(await screen.findByText('Blog post published')).toBeInTheDocument();
  });

  it('keeps Cancel and Publish in a bar stuck to the bottom of the scrolling editor (reachable at 1366×900)', async () => {
    const { dialog } = await openEditor();
    const bar = within(dialog).getByRole('button', { name: 'Publish Blog Post' }).parentElement!;
    expect(bar).toHaveClass('sticky', 'bottom-0');
  });

  it('asks before closing with changes, keeps the draft on this device, and Discard drops it (issue 12 §2.3)', async () => {
    const first = await openEditor();
    await first.user.type(within(first.dialog).getByLabelText('Blog title'), 'Draft title');
    await first.user.type(within(first.dialog).getByLabelText('Content'), 'Draft text');
    // Leaving the page with changes: the browser's warning is asked for.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await first.user.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Close the editor?' });
    await first.user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('dialog', { name: 'Create Blog Post' })).toBeInTheDocument();
    await first.user.keyboard('{Escape}');
    await first.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep draft' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Blog Post' })).not.toBeInTheDocument());
    first.unmount();

    const again = await openEditor();
    expect(within(again.dialog).getByLabelText('Blog title')).toHaveValue('Draft title');
    expect(within(again.dialog).getByLabelText('Content')).toHaveValue('Draft text');
    await again.user.click(within(again.dialog).getByRole('button', { name: 'Cancel' }));
    await again.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Blog Post' })).not.toBeInTheDocument());
    expect(Object.keys(localStorage).filter((k) => k.startsWith('draft:'))).toEqual([]);
    await again.user.click(screen.getByRole('button', { name: 'Write a blog post' }));
    expect(within(await screen.findByRole('dialog', { name: 'Create Blog Post' })).getByLabelText('Blog title')).toHaveValue('');
    // Nothing changed: closing asks nothing, and leaving the page is not held up.
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await again.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Blog Post' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('Ctrl+B inserts bold markers at the caret', async () => {
    const { user, dialog } = await openEditor();
    const content = within(dialog).getByLabelText('Content') as HTMLTextAreaElement;
    await user.click(content);
    await user.keyboard('{Control>}b{/Control}');
    expect(content.value).toBe('**bold text**');
  });

  it('selects the placeholder in the same task as Ctrl+B, so the next key acts on it (no frame to wait for)', async () => {
    const { user, dialog } = await openEditor();
    const content = within(dialog).getByLabelText('Content') as HTMLTextAreaElement;
    await user.click(content);
    fireEvent.keyDown(content, { key: 'b', ctrlKey: true });
    expect(content.value).toBe('**bold text**');
    expect([content.selectionStart, content.selectionEnd]).toEqual([2, 11]);
  });

  it('shows the server’s message, else "Failed to create blog post", and stays open', async () => {
    const { user, dialog, created } = await openEditor();
    await user.type(within(dialog).getByLabelText('Blog title'), 'T');
    await user.type(within(dialog).getByLabelText('Content'), 'C');
    await user.click(within(dialog).getByRole('button', { name: 'Publish Blog Post' }));
    created.resolve(json(500, {}));
    expect(await screen.findByText('Failed to create blog post')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create Blog Post' })).toBeInTheDocument();
  });

  it('sends a chosen header image and shows its preview', async () => {
    const { user, dialog, calls, created } = await openEditor();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const file = new File([new Uint8Array([1, 2, 3])], 'header.png', { type: 'image/png' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, file);
    expect(within(dialog).getByRole('img', { name: 'Header image preview' })).toHaveAttribute('src', 'blob:preview');
    await user.type(within(dialog).getByLabelText('Blog title'), 'With image');
    await user.type(within(dialog).getByLabelText('Content'), 'Text');
    await user.click(within(dialog).getByRole('button', { name: 'Publish Blog Post' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(((calls.find((c) => c.method === 'POST')!.body as FormData).get('image') as File).name).toBe('header.png');
    created.resolve(json(201, { message: 'ok', post: makeBlog() }));
  });
});

describe('Blog page', () => {
  function serveBlog(role: Parameters<typeof groupDetail>[0], blog = makeBlog(), extra: Routes = {}) {
    return serve({
      'GET /groups/blog/5': () => json(200, { blog }),
      'GET /groups/night-owls': () => json(200, groupDetail(role)),
      ...extra,
    });
  }

  it('shows the title, "Published {date} | By {author}", the content with a code block, and scrolls 400 px down', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    serveBlog(
      null,
      makeBlog({
        blog_content: 'Intro **bold** for @grace\n```js\nconst a = **1**;\n```\n[/uploads/post/p.webp]\n[https://evil.example/x.png]',
      }),
    );
    renderApp(BLOG_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reading by lamplight' })).toBeInTheDocument();
    // The author's name is a button to their profile, as names are everywhere (issue 12 §2.14).
    expect(screen.getByRole('button', { name: 'grace' }).closest('p')).toHaveTextContent(/^Published March 5, 2024 \| By grace$/);
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    // A mention opens the profile (issue 12 §2.9); inside a code block it stays code.
    expect(screen.getByRole('link', { name: '@grace' })).toHaveAttribute('href', `${BLOG_PATH}?profile=%40grace`);
    expect(screen.getByRole('region', { name: 'Code (js)' })).toHaveTextContent('const a = **1**;');
    expect(screen.getByRole('img', { name: 'Illustration of the post' })).toHaveAttribute('src', '/uploads/post/p.webp');
    expect(screen.getByText('[https://evil.example/x.png]')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith({ top: 400 });
    expect(document.title).toBe('Reading by lamplight · Agora');
    const community = screen.getByRole('link', { name: 'Night Owls' });
    expect(community).toHaveAttribute('href', '/group/night-owls');
  });

  it('says "Unknown Author" when the author’s account is gone', async () => {
    serveBlog(null, makeBlog({ username: null, blog_author: null }));
    renderApp(BLOG_PATH);
    expect(await screen.findByText(/\| By Unknown Author$/)).toBeInTheDocument();
  });

  it('shows "edited" for an edited blog, which opens its history with each version’s title (issue 15 §1)', async () => {
    const version = (n: number, title: string, current: boolean) => ({
      version: n,
      title,
      content: `Text ${n}`,
      user_id: 40,
      username: 'grace',
      profileImage: null,
      date: '2024-03-06T18:00:00.000Z',
      current,
    });
    serveBlog(null, makeBlog({ edited_at: '2024-03-06T18:00:00.000Z' }), {
      'GET /groups/12/blogs/5/history': () =>
        json(200, { versions: [version(2, 'Reading by lamplight', true), version(1, 'Reading', false)] }),
    });
    const { user } = renderApp(BLOG_PATH);
    await user.click(await screen.findByRole('button', { name: /^Edited .*Show the edit history$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit history' });
    const items = await within(dialog).findAllByTestId('edit-version');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/Version 2.*Reading by lamplight.*Text 2/),
      expect.stringMatching(/Version 1.*Reading.*Text 1/),
    ]);
  });

  it('shows no "edited" for a blog never edited', async () => {
    serveBlog(null);
    renderApp(BLOG_PATH);
    await screen.findByRole('heading', { level: 1, name: 'Reading by lamplight' });
    expect(screen.queryByTestId('edited-mark')).not.toBeInTheDocument();
  });

  it('likes optimistically, takes the server’s count, and reverts with "Failed to like post" on failure', async () => {
    signIn();
    const first = deferred();
    const second = deferred();
    let calls = 0;
    serveBlog('member', makeBlog(), { 'POST /groups/12/blogs/5/like': () => (++calls === 1 ? first.promise : second.promise) });
    const { user } = renderApp(BLOG_PATH);
    await user.click(await screen.findByRole('button', { name: 'Like (4)' }));
    const liked = screen.getByRole('button', { name: 'Like (5)' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    // A second click while the first runs is ignored (one toggle per item at a time).
    await user.click(liked);
    expect(calls).toBe(1);
    first.resolve(json(200, { liked: true, likes_count: 7 }));
    expect(await screen.findByRole('button', { name: 'Like (7)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Like (7)' }));
    expect(screen.getByRole('button', { name: 'Like (6)' })).toHaveAttribute('aria-pressed', 'false');
    second.resolve(json(500, {}));
    expect(await screen.findByRole('button', { name: 'Like (7)' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Failed to like post')).toBeInTheDocument();
  });

  it('keeps Like with its count for a signed-in non-member, but sends nothing and says "Join the group to like its blog posts"', async () => {
    signIn();
    const { calls } = serveBlog(null);
    const { user } = renderApp(BLOG_PATH);
    await user.click(await screen.findByRole('button', { name: 'Like (4)' }));
    expect(await screen.findByText('Join the group to like its blog posts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like (4)' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls.some((c) => c.url.endsWith('/like'))).toBe(false);
  });

  it('sends a visitor who likes to sign in', async () => {
    const { calls } = serveBlog(null);
    const { user, router } = renderApp(BLOG_PATH);
    await user.click(await screen.findByRole('button', { name: 'Like (4)' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.some((c) => c.url.endsWith('/like'))).toBe(false);
  });

  it('shares: copies the page link, toasts "Link copied to clipboard", and takes the new share count', async () => {
    signIn();
    serveBlog('member', makeBlog(), { 'POST /groups/12/blogs/5/share': () => json(200, { share_count: 9 }) });
    const { user } = renderApp(BLOG_PATH);
    // After renderApp: user-event puts its own clipboard stub on navigator when it is set up.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Share (2)' }));
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}${BLOG_PATH}`);
    expect(await screen.findByRole('button', { name: 'Share (9)' })).toBeInTheDocument();
  });

  it('falls back to the legacy copy, then says "Could not copy the link."', async () => {
    const { calls } = serveBlog(null);
    const { user } = renderApp(BLOG_PATH);
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
      configurable: true,
    });
    const execCommand = vi.fn().mockReturnValue(false);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Share (2)' }));
    expect(await screen.findByText('Could not copy the link.')).toBeInTheDocument();
    expect(execCommand).toHaveBeenCalledWith('copy');
    // A visitor's share is not counted (the count needs a signed-in user).
    expect(calls.some((c) => c.url.endsWith('/share'))).toBe(false);
  });

  it.each([
    ['the owner', 'owner', makeBlog(), true],
    ['an admin on their own blog', 'admin', makeBlog({ blog_author: TEST_SESSION.userId }), true],
    ['an admin on another’s blog', 'admin', makeBlog(), false],
    ['a moderator', 'moderator', makeBlog({ blog_author: TEST_SESSION.userId }), false],
    ['a member', 'member', makeBlog(), false],
  ] as const)('shows edit and delete to %s: %s', async (_label, role, blog, shown) => {
    signIn();
    serveBlog(role, blog);
    renderApp(BLOG_PATH);
    await screen.findByRole('heading', { level: 1, name: blog.blog_title });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete' }) !== null).toBe(shown));
    expect(screen.queryByRole('button', { name: 'Edit' }) !== null).toBe(shown);
  });

  it('deletes after "Are you sure you want to delete this blog post?" and goes to the Blogs tab', async () => {
    signIn();
    const { calls } = serveBlog('owner', makeBlog(), {
      'DELETE /groups/12/blogs/5': () => json(200, { message: 'Blog post deleted' }),
      'GET /api/groups/12/posts': () => json(200, page([])),
    });
    const { user, router } = renderApp(BLOG_PATH);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete this blog post?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/night-owls/blogs'));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(await screen.findByText('Blog post deleted')).toBeInTheDocument();
  });

  it('shows "Failed to delete blog post" when the delete fails', async () => {
    signIn();
    serveBlog('owner', makeBlog(), { 'DELETE /groups/12/blogs/5': () => json(500, {}) });
    const { user } = renderApp(BLOG_PATH);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete blog post')).toBeInTheDocument();
  });

  it('edits in the editor with the current text and image, and removes the image on request', async () => {
    signIn();
    const { calls } = serveBlog('owner', makeBlog({ blog_img: '/uploads/blog/h.webp' }), {
      'PUT /groups/12/blogs/5': () =>
        json(200, { message: 'Blog post updated', blog: makeBlog({ blog_title: 'Renamed', blog_img: null }) }),
    });
    const { user } = renderApp(BLOG_PATH);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Blog Post' });
    expect(within(dialog).getByLabelText('Blog title')).toHaveValue('Reading by lamplight');
    expect(within(dialog).getByLabelText('Content')).toHaveValue('Some **bold** words.');
    expect(within(dialog).getByRole('img', { name: 'Header image preview' })).toHaveAttribute('src', '/uploads/blog/h.webp');
    await user.click(within(dialog).getByRole('button', { name: 'Remove header image' }));
    await user.clear(within(dialog).getByLabelText('Blog title'));
    await user.type(within(dialog).getByLabelText('Blog title'), 'Renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Update Blog Post' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = calls.find((c) => c.method === 'PUT')!.body as FormData;
    expect([sent.get('title'), sent.get('removeImage')]).toEqual(['Renamed', 'true']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Renamed' })).toBeInTheDocument();
    expect(await screen.findByText('Blog post updated')).toBeInTheDocument();
  });

  it('says "Blog Post Not Found" for a missing blog, another community’s blog or a bad id', async () => {
    serve({
      'GET /groups/blog/5': () => json(404, { message: 'Blog Post Not Found', code: 'blog_not_found' }),
      'GET /groups/blog/6': () => json(200, { blog: makeBlog({ id: 6, group_id: 77 }) }),
      'GET /groups/night-owls': () => json(200, groupDetail(null)),
    });
    for (const path of [BLOG_PATH, '/group/night-owls/blogs/blogpage/6', '/group/night-owls/blogs/blogpage/abc']) {
      const app = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Blog Post Not Found' })).toBeInTheDocument();
      app.unmount();
    }
  });

  it('sends an outsider of a private community to the community page', async () => {
    serve({
      'GET /groups/blog/5': () => json(403, { message: 'This community is private.', code: 'forbidden' }),
      'GET /groups/night-owls': () => json(200, groupDetail(null, { is_private: 1 })),
    });
    const { router } = renderApp(BLOG_PATH);
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/night-owls'));
  });
});

describe('home blog strip', () => {
  it('shows the joined communities’ blogs with their community, or "No blogs to show at the moment.."', async () => {
    signIn();
    let blogs = strip([makeBlog({ group_verified: 1 })]);
    mockFetch((url) => {
      if (url === '/users/profile') return json(200, makeProfile());
      if (url.startsWith('/groups/joined/blogs')) return json(200, blogs);
      if (url.startsWith('/groups/joined')) return json(200, { groups: [groupDetail('member').group], nextCursor: null });
      if (url.startsWith('/groups/mine')) return json(200, { groups: [], nextCursor: null });
      return json(599, {});
    });
    const first = renderApp('/');
    const card = await screen.findByRole('article', { name: 'Reading by lamplight' });
    expect(within(card).getByText('Night Owls')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    first.unmount();
    blogs = strip([]);
    renderApp('/');
    expect(await screen.findByText('No blogs to show at the moment..')).toBeInTheDocument();
  });
});
