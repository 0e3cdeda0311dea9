import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, mockFetch, renderApp, signIn } from '@/test/render-app';
import { uploadPostImage } from './api';
import type * as DiscussionsApi from './api';
import { toast } from 'sonner';
import { resetFreshDiscussions } from './fresh-discussions';
import { deferred, feedPage, makeDiscussion, makeGroupDetail } from './test-data';

// Uploads go through XMLHttpRequest (progress); here each one is a call the test answers by hand.
vi.mock('./api', async (importOriginal) => ({ ...(await importOriginal<typeof DiscussionsApi>()), uploadPostImage: vi.fn() }));

type UploadCall = { onProgress?: (p: number) => void; answer: ReturnType<typeof deferred<{ message: string; url: string }>> };

function controlUploads(): UploadCall[] {
  const calls: UploadCall[] = [];
  vi.mocked(uploadPostImage).mockImplementation((_image, _name, options = {}) => {
    const answer = deferred<{ message: string; url: string }>();
    calls.push({ onProgress: options.onProgress, answer });
    return answer.promise;
  });
  return calls;
}

function serveGroup(pinned: ReturnType<typeof makeDiscussion>[] = []) {
  let posts = [...pinned] as ReturnType<typeof makeDiscussion>[];
  const api = mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/groups/night-owls') return json(200, makeGroupDetail({ is_member: true }));
    if (url === '/api/groups/12/discussions') return json(200, feedPage(posts));
    if (url === '/groups/12/discussions' && method === 'POST') {
      const body = JSON.parse(String(init.body)) as { content: string; mediaUrls: string[]; mediaAlts?: string[] };
      const post = makeDiscussion({
        id: 900,
        username: 'ada',
        discussion_content: body.content,
        media: body.mediaUrls.map((media_url, i) => ({ id: i + 1, media_url, alt: body.mediaAlts?.[i] ?? '' })),
      });
      // The server's order: pinned first, then newest.
      posts = [...pinned, post];
      return json(201, { message: 'Post created', discussion: post });
    }
    if (url.startsWith('/groups/joined') || url.startsWith('/groups/mine')) return json(200, { groups: [], nextCursor: null });
    if (url === '/users/profile') return json(200, { id: 7, username: 'ada', profileImage: null });
    return json(404, { message: `unexpected ${method} ${url}`, code: 'test' });
  });
  return api;
}

async function openComposer(pinned: ReturnType<typeof makeDiscussion>[] = []) {
  signIn();
  const uploads = controlUploads();
  const api = serveGroup(pinned);
  const app = renderApp('/group/night-owls/discussions');
  await app.user.click(await screen.findByRole('button', { name: 'Anything on your mind?' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create a post' });
  const text = within(dialog).getByRole('textbox', { name: 'Post text' }) as HTMLTextAreaElement;
  const post = within(dialog).getByRole('button', { name: 'Post' });
  return { ...app, api, uploads, dialog, text, post };
}

afterEach(() => {
  vi.mocked(uploadPostImage).mockReset();
  resetFreshDiscussions();
  toast.dismiss();
});

describe('the create-a-post modal', () => {
  it('opens from "Anything on your mind?" on a 15-row editor that has focus, with Post disabled: "Write something first"', async () => {
    const { text, post, user } = await openComposer();
    expect(text).toHaveAttribute('rows', '15');
    expect(text).toHaveFocus();
    expect(post).toHaveAttribute('aria-disabled', 'true');
    expect(post).toHaveAttribute('title', 'Write something first');
    await user.type(text, '   ');
    expect(post).toHaveAttribute('title', 'Write something first');
    await user.type(text, 'hi');
    expect(post).toHaveAttribute('aria-disabled', 'false');
    expect(post).not.toHaveAttribute('title');
  });

  it('toggles **bold** around the selection with Ctrl+B and Cmd+B', async () => {
    const { text, user } = await openComposer();
    await user.type(text, 'hello world');
    text.setSelectionRange(6, 11);
    await user.keyboard('{Control>}b{/Control}');
    expect(text.value).toBe('hello **world**');
    expect([text.selectionStart, text.selectionEnd]).toEqual([8, 13]);
    await user.keyboard('{Meta>}b{/Meta}');
    expect(text.value).toBe('hello world');
  });

  it('cleans pasted text (SPEC §5) and inserts it at the caret', async () => {
    const { text, user } = await openComposer();
    await user.type(text, 'A  B');
    text.setSelectionRange(2, 2);
    fireEvent.paste(text, {
      clipboardData: { files: [], getData: (t: string) => (t === 'text/plain' ? ' x\u200Cy  \r\n\r\n\r\n\r\nz \r\n' : '') },
    });
    expect(text.value).toBe('A xy\n\nz B');
  });

  it('uploads several chosen images with per-image progress, holds Post with "Please wait for uploads", then posts them', async () => {
    const { dialog, text, post, uploads, api, user } = await openComposer();
    await user.type(text, 'Two **pictures**');
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input).toHaveAttribute('multiple');
    const files = [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.jpg', { type: 'image/jpeg' })];
    fireEvent.change(input, { target: { files } });
    expect(uploads).toHaveLength(2);
    act(() => uploads[0]!.onProgress?.(40));
    const bars = within(dialog).getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['40', '0']);
    expect(post).toHaveAttribute('title', 'Please wait for uploads');
    await user.click(post);
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await act(async () => uploads[0]!.answer.resolve({ message: 'ok', url: '/uploads/post/aaa.webp' }));
    expect(post).toHaveAttribute('title', 'Please wait for uploads');
    await act(async () => uploads[1]!.answer.resolve({ message: 'ok', url: '/uploads/post/bbb.webp' }));
    expect(within(dialog).queryAllByRole('progressbar')).toHaveLength(0);
    expect(post).toHaveAttribute('aria-disabled', 'false');

    const detailReads = () => api.calls.filter((c) => c.method === 'GET' && c.url === '/groups/night-owls').length;
    const readsBefore = detailReads();
    await user.click(post);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a post' })).not.toBeInTheDocument());
    // The community header's post count is read again.
    await waitFor(() => expect(detailReads()).toBeGreaterThan(readsBefore));
    const sent = api.calls.find((c) => c.method === 'POST');
    expect(sent?.url).toBe('/groups/12/discussions');
    expect(sent?.body).toEqual({ content: 'Two **pictures**', mediaUrls: ['/uploads/post/aaa.webp', '/uploads/post/bbb.webp'] });
    // The new post shows in the community's feed, and the editor starts empty next time.
    expect(await screen.findByRole('article', { name: 'Post by ada' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Anything on your mind?' }));
    expect(within(await screen.findByRole('dialog', { name: 'Create a post' })).getByRole('textbox', { name: 'Post text' })).toHaveValue(
      '',
    );
  });

  it('shows "Add description" on each image; a written one shows "Edit description", an ALT badge, and is posted as mediaAlts and rendered as alt (issue 18 §4)', async () => {
    const { dialog, text, post, uploads, api, user } = await openComposer();
    await user.type(text, 'Described');
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.png', { type: 'image/png' })] },
    });
    await act(async () => uploads[0]!.answer.resolve({ message: 'ok', url: '/uploads/post/aaa.webp' }));
    await act(async () => uploads[1]!.answer.resolve({ message: 'ok', url: '/uploads/post/bbb.webp' }));
    expect(within(dialog).getAllByRole('button', { name: /^Add description to image/ })).toHaveLength(2);
    expect(within(dialog).queryByTestId('alt-badge')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add description to image 1' }));
    const describe = await screen.findByRole('dialog', { name: 'Describe image 1' });
    const field = within(describe).getByRole('textbox', { name: 'Image description' });
    await user.type(field, '  A red  kite ');
    await user.click(within(describe).getByRole('button', { name: 'Save description' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Describe image 1' })).not.toBeInTheDocument());
    // Saving the description posted nothing (its dialog has no form to submit the editor's).
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Edit description of image 1' })).toHaveTextContent('Edit description');
    expect(within(dialog).getByRole('button', { name: 'Add description to image 2' })).toHaveTextContent('Add description');
    expect(within(dialog).getAllByTestId('alt-badge')).toHaveLength(1);

    await user.click(post);
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      content: 'Described',
      mediaUrls: ['/uploads/post/aaa.webp', '/uploads/post/bbb.webp'],
      mediaAlts: ['A red kite', ''],
    });
    const article = await screen.findByRole('article', { name: 'Post by ada' });
    expect(within(article).getByRole('img', { name: 'A red kite' })).toHaveAttribute('src', '/uploads/post/aaa.webp');
  });

  it('refuses non-images and an eleventh image', async () => {
    const { dialog, uploads } = await openComposer();
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['a'], 'a.txt', { type: 'text/plain' })] } });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Only image files can be added');
    const eleven = Array.from({ length: 11 }, (_, i) => new File(['x'], `${i}.png`, { type: 'image/png' }));
    fireEvent.change(input, { target: { files: eleven } });
    expect(uploads).toHaveLength(10);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A post can have at most 10 images');
  });

  it('uploads a pasted image and puts its bracketed address on its own line where it was pasted, with a removable thumbnail (issue 12 §2.8)', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pasted');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const { dialog, text, post, uploads, user } = await openComposer();
    await user.type(text, 'Before after');
    text.setSelectionRange(7, 7);
    const image = new File(['p'], 'image.png', { type: 'image/png' });
    fireEvent.paste(text, { clipboardData: { files: [image], getData: () => 'image.png' } });
    expect(uploads).toHaveLength(1);
    expect(text.value).toBe('Before \n[Uploading image 1...]\nafter');
    expect(post).toHaveAttribute('title', 'Please wait for uploads');
    const tiles = within(dialog).getByRole('list', { name: 'Images in the text' });
    expect(within(tiles).getByText('Uploading image')).toBeInTheDocument();
    expect(tiles.querySelector('img')).toHaveAttribute('src', 'blob:pasted');
    await act(async () => uploads[0]!.answer.resolve({ message: 'ok', url: '/uploads/post/pasted.webp' }));
    expect(text.value).toBe('Before \n[/uploads/post/pasted.webp]\nafter');
    expect(post).toHaveAttribute('aria-disabled', 'false');
    expect(within(tiles).queryByText('Uploading image')).not.toBeInTheDocument();
    expect(tiles.querySelector('img')).toHaveAttribute('src', 'blob:pasted');

    // A second image pasted right after a word still gets its own line; removing it takes it out of the text.
    text.setSelectionRange(text.value.length, text.value.length);
    fireEvent.paste(text, { clipboardData: { files: [image], getData: () => '' } });
    expect(text.value).toBe('Before \n[/uploads/post/pasted.webp]\nafter\n[Uploading image 2...]');
    await user.click(within(dialog).getByRole('button', { name: 'Remove image 2 from the text' }));
    expect(text.value).toBe('Before \n[/uploads/post/pasted.webp]\nafter');
    expect(post).toHaveAttribute('aria-disabled', 'false');
    await user.click(within(dialog).getByRole('button', { name: 'Remove image 1 from the text' }));
    expect(text.value).toBe('Before \nafter');
    expect(within(dialog).queryByRole('list', { name: 'Images in the text' })).not.toBeInTheDocument();
  });

  it('shows thumbnails of images already in a restored draft, from their stored address', async () => {
    const { dialog, text } = await openComposer();
    fireEvent.change(text, { target: { value: 'Look\n[/uploads/post/kept.webp]' } });
    const tiles = within(dialog).getByRole('list', { name: 'Images in the text' });
    expect(tiles.querySelector('img')).toHaveAttribute('src', '/uploads/post/kept.webp');
  });

  it('inserts the address of a pasted remote HTML image as text, without uploading it', async () => {
    const { text, uploads } = await openComposer();
    fireEvent.paste(text, {
      clipboardData: {
        files: [],
        getData: (t: string) => (t === 'text/html' ? '<img src="https://cdn.example.org/cat.jpg">' : t === 'text/plain' ? 'A cat' : ''),
      },
    });
    expect(text.value).toBe('A cat\n[https://cdn.example.org/cat.jpg]');
    expect(uploads).toHaveLength(0);
  });

  it('keeps the text as a draft of this community through closing and a reload, until posted or discarded (issue 12 §2.3)', async () => {
    const first = await openComposer();
    await first.user.type(first.text, 'Half a thought');
    await first.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a post' })).not.toBeInTheDocument());
    first.unmount();

    // A reload: a new app, the same storage.
    const again = await openComposer();
    expect(again.text).toHaveValue('Half a thought');
    await again.user.click(within(again.dialog).getByRole('button', { name: 'Discard' }));
    expect(again.text).toHaveValue('');
    expect(Object.keys(localStorage).filter((k) => k.startsWith('draft:'))).toEqual([]);

    await again.user.type(again.text, 'Sent at last');
    await again.user.click(again.post);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a post' })).not.toBeInTheDocument());
    expect(Object.keys(localStorage).filter((k) => k.startsWith('draft:'))).toEqual([]);
  });

  it('confirms a new post and shows it first, above the pinned posts, scrolled into view (issue 12 §2.5)', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const pinned = makeDiscussion({ id: 500, username: 'mo', discussion_content: 'House rules', is_pinned: 1 });
    const { text, post, user } = await openComposer([pinned]);
    await user.type(text, 'My first post');
    await user.click(post);
    expect(await screen.findByText('Post added!')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Post by ada', 'Post by mo']),
    );
    const mine = screen.getByRole('article', { name: 'Post by ada' }).closest('li')!;
    await waitFor(() => expect(scrolled).toContain(mine));
    // After the refresh the server still sorts pinned first: the new post stays on top until the next reload.
    await waitFor(() => expect(screen.getAllByRole('article')[0]).toHaveAccessibleName('Post by ada'));
  });
});
