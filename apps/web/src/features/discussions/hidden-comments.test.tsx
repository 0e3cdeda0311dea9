import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { json, renderApp, signIn } from '@/test/render-app';
import { serve } from '@/test/serve';
import { makeComment, makeDiscussion, makeGroupDetail } from './test-data';

const BASE = '/groups/12/discussions/301';

function world(comments: object, replies: object = { replies: [], nextCursor: null }) {
  signIn();
  serve({
    [`GET ${BASE}`]: () => json(200, { discussion: makeDiscussion({ commentCount: 3 }) }),
    [`GET ${BASE}/comments`]: () => json(200, comments),
    [`GET ${BASE}/comments/701/replies`]: () => json(200, replies),
    'GET /groups/12': () => json(200, makeGroupDetail({ is_member: true })),
    'GET /groups/suggested': () => json(200, { groups: [], nextCursor: null }),
  });
  return renderApp('/suggested?post=12-301');
}

describe('hidden comments from blocked people (issue 15 §6)', () => {
  it('says "1 hidden comment from a blocked person" under the comments', async () => {
    world({ comments: [makeComment({ replyCount: 0 })], nextCursor: null, hiddenCount: 1 });
    const panel = await screen.findByRole('dialog', { name: 'Post' });
    expect(await within(panel).findByText('1 hidden comment from a blocked person')).toBeInTheDocument();
  });

  it('counts several, and shows the line instead of "No comments yet" when all are hidden', async () => {
    world({ comments: [], nextCursor: null, hiddenCount: 2 });
    const panel = await screen.findByRole('dialog', { name: 'Post' });
    expect(await within(panel).findByText('2 hidden comments from blocked people')).toBeInTheDocument();
    expect(within(panel).queryByText(/No comments yet/)).not.toBeInTheDocument();
  });

  it('says nothing when the server says nothing is hidden (the field is absent)', async () => {
    world({ comments: [makeComment({ replyCount: 0, content: 'Visible' })], nextCursor: null });
    const panel = await screen.findByRole('dialog', { name: 'Post' });
    expect(await within(panel).findByText('Visible')).toBeInTheDocument();
    expect(within(panel).queryByText(/hidden comment/)).not.toBeInTheDocument();
  });

  it('counts hidden replies once the replies are open', async () => {
    const { user } = world(
      { comments: [makeComment({ replyCount: 2 })], nextCursor: null },
      { replies: [makeComment({ id: 702, parentCommentId: 701, content: 'A reply' })], nextCursor: null, hiddenCount: 1 },
    );
    const panel = await screen.findByRole('dialog', { name: 'Post' });
    await user.click(await within(panel).findByRole('button', { name: 'View 2 replies' }));
    expect(await within(panel).findByText('1 hidden reply from a blocked person')).toBeInTheDocument();
  });
});
