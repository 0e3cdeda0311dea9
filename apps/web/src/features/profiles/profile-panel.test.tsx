import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, makeProfile, mockFetch, renderApp, signIn } from '@/test/render-app';

function serveProfile(initial = makeProfile()) {
  let profile = initial;
  const api = mockFetch((url, init) => {
    if (url === '/users/profile' && (init.method ?? 'GET') === 'GET') return json(200, profile);
    if (url === '/users/profile' && init.method === 'PUT') {
      profile = { ...profile, ...(JSON.parse(String(init.body)) as object) };
      return json(200, profile);
    }
    if (url === '/users/12')
      return json(200, makeProfile({ id: 12, username: 'grace', firstName: 'Grace', lastName: 'Hopper', bio: 'Debugging since 1947' }));
    if (url === '/users/99') return json(404, { message: 'User not found', code: 'user_not_found' });
    if (url === '/users/lookup?username=Grace') return json(200, { id: 12, username: 'grace', profileImage: null });
    if (url.startsWith('/users/lookup')) return json(404, { message: 'User not found', code: 'user_not_found' });
    return json(404, { message: 'Not found', code: 'not_found' });
  });
  return api;
}

const puts = (calls: ReturnType<typeof mockFetch>['calls']) => calls.filter((c) => c.method === 'PUT');

async function openEditor() {
  signIn();
  const api = serveProfile();
  const app = renderApp('/?profile=me');
  const panel = await screen.findByRole('dialog', { name: 'Profile' });
  await app.user.click(await within(panel).findByRole('button', { name: 'Edit profile' }));
  return { ...app, api, panel };
}

describe('ProfilePanel', () => {
  it('shows the own profile with its empty states and a Logout button', async () => {
    signIn();
    const { calls } = serveProfile();
    renderApp('/?profile=me');
    const panel = await screen.findByRole('dialog', { name: 'Profile' });
    expect(await within(panel).findByText('@ada')).toBeInTheDocument();
    expect(within(panel).getByText("Nothing's here", { selector: 'h2 ~ p' })).toBeInTheDocument();
    expect(within(panel).getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(within(panel).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(calls[0]!.headers.Authorization).toBe('Bearer test-token');
  });

  it("shows another user's profile with a way back to one's own, and no owner controls", async () => {
    signIn();
    serveProfile();
    const { user } = renderApp('/suggested?profile=12');
    const panel = await screen.findByRole('dialog', { name: 'Profile' });
    expect(await within(panel).findByText('@grace')).toBeInTheDocument();
    expect(within(panel).getByText('Debugging since 1947')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'My profile' }));
    const own = await screen.findByRole('dialog', { name: 'Profile' });
    expect(await within(own).findByText('@ada')).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
  });

  it('opens a profile named by an @mention (?profile=@name) through the username lookup, or says it does not exist', async () => {
    signIn();
    const { calls } = serveProfile();
    const { router, user } = renderApp('/suggested?profile=@Grace');
    const panel = await screen.findByRole('dialog', { name: 'Profile' });
    expect(await within(panel).findByText('Debugging since 1947')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/users/lookup?username=Grace')).toBe(true);
    await user.click(within(panel).getByRole('button', { name: 'My profile' }));
    await waitFor(() => expect(router.state.location.search).toBe('?profile=me'));
    await router.navigate('/suggested?profile=@nobody_here');
    expect(await within(await screen.findByRole('dialog', { name: 'Profile' })).findByText('User not found')).toBeInTheDocument();
  });

  it('says so when the user does not exist', async () => {
    signIn();
    serveProfile();
    renderApp('/?profile=99');
    expect(await screen.findByText('User not found')).toBeInTheDocument();
  });

  it('shows the birthday as entered, like "Mar 5th", and links as chips', async () => {
    signIn();
    serveProfile(makeProfile({ birthday: '1990-03-01', userLink: 'github.com/ada [Code]\nnot a link', about: 'Analyst' }));
    renderApp('/?profile=me');
    expect(await screen.findByText('Mar 1st')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Code (GitHub)' });
    expect(link).toHaveAttribute('href', 'https://github.com/ada');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('not a link')).toBeInTheDocument();
  });

  it('blocks saving while the birthday says the user is under 18, with the exact message', async () => {
    const { user, api } = await openEditor();
    const birthday = screen.getByLabelText('Birthday');
    const lastYear = new Date().getFullYear() - 1;
    fireEvent.change(birthday, { target: { value: `${lastYear}-01-01` } });
    expect(birthday).toHaveAccessibleDescription('You must be at least 18 years old.');
    const save = screen.getByRole('button', { name: 'Save profile' });
    expect(save).toBeDisabled();
    await user.click(save);
    fireEvent.submit(screen.getByRole('form', { name: 'Edit profile' }));
    expect(puts(api.calls)).toHaveLength(0);
  });

  it('also blocks future and unrealistic dates', async () => {
    await openEditor();
    const birthday = screen.getByLabelText('Birthday');
    fireEvent.change(birthday, { target: { value: `${new Date().getFullYear() + 1}-01-01` } });
    expect(birthday).toHaveAccessibleDescription('Date can’t be in the future.');
    fireEvent.change(birthday, { target: { value: '1899-12-31' } });
    expect(birthday).toHaveAccessibleDescription('Please enter a realistic birth date.');
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled();
  });

  it('counts the bio characters left and saves the profile, then shows the birthday as "Mar 5th"', async () => {
    const { user, api, panel } = await openEditor();
    const bio = screen.getByLabelText('Bio');
    await user.type(bio, 'Poet of numbers');
    expect(screen.getByText('10 characters left')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Birthday'), { target: { value: '1990-03-05' } });
    await user.type(screen.getByLabelText('Social Links'), 'x.com/ada');
    const save = screen.getByRole('button', { name: 'Save profile' });
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await within(panel).findByText('Mar 5th')).toBeInTheDocument();
    expect(within(panel).getByText('Poet of numbers')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'X (X)' })).toHaveAttribute('href', 'https://x.com/ada');
    expect(puts(api.calls)[0]!.body).toEqual({ bio: 'Poet of numbers', about: '', birthday: '1990-03-05', userLink: 'x.com/ada' });
  });

  it('puts server field errors under their inputs (no toast), focuses the first and stays in edit mode', async () => {
    const { user } = await openEditor();
    mockFetch((_url, init) =>
      init.method === 'PUT'
        ? json(400, { message: 'Invalid', code: 'validation_error', fields: { userLink: 'At most 20 links' } })
        : json(200, makeProfile()),
    );
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('At most 20 links')).toBeInTheDocument();
    const links = screen.getByLabelText('Social Links');
    expect(links).toHaveAccessibleDescription(/^At most 20 links /);
    await waitFor(() => expect(links).toHaveFocus());
    expect(screen.queryByText('Invalid')).not.toBeInTheDocument();
  });

  it('shows a save failure without fields as a toast with the server message', async () => {
    const { user } = await openEditor();
    mockFetch((_url, init) =>
      init.method === 'PUT' ? json(503, { message: 'Try again in a minute', code: 'unavailable' }) : json(200, makeProfile()),
    );
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Try again in a minute')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Edit profile' })).toBeInTheDocument();
  });

  it('asks before Escape discards edits ("Discard your changes?"); Keep editing keeps them, Discard closes', async () => {
    const { user, panel } = await openEditor();
    await user.type(screen.getByLabelText('Bio'), 'Half a thought');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    expect(screen.getByRole('dialog', { name: 'Profile' })).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(panel).getByLabelText('Bio')).toHaveValue('Half a thought');

    await user.keyboard('{Escape}');
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Discard' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Profile' })).not.toBeInTheDocument());
  });

  it('leaves edit mode when another tab is chosen, changes or not (SPEC §4), without asking', async () => {
    const { user, panel } = await openEditor();
    await user.type(screen.getByLabelText('Bio'), 'Half a thought');
    await user.click(within(panel).getByRole('tab', { name: 'Friends' }));
    await waitFor(() => expect(within(panel).getByRole('tab', { name: 'Friends' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('tab', { name: 'Overview' }));
    expect(within(panel).queryByLabelText('Bio')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
  });

  it('closes at once on Escape in edit mode when nothing changed', async () => {
    const { user } = await openEditor();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Profile' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('in edit mode puts the fields before Cancel and Save, starts on the bio, and returns focus to Edit', async () => {
    const { user, panel } = await openEditor();
    expect(screen.getByLabelText('Bio')).toHaveFocus();
    const order = within(panel)
      .getAllByRole('textbox')
      .concat(within(panel).getAllByRole('button', { name: /Cancel editing|Save profile/ }));
    const inDocumentOrder = [...order].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    expect(inDocumentOrder.map((el) => el.getAttribute('name') ?? el.getAttribute('aria-label'))).toEqual([
      'bio',
      'about',
      'userLink',
      'Cancel editing',
      'Save profile',
    ]);

    await user.click(screen.getByRole('button', { name: 'Cancel editing' }));
    expect(within(panel).getByRole('button', { name: 'Edit profile' })).toHaveFocus();

    await user.click(within(panel).getByRole('button', { name: 'Edit profile' }));
    await user.type(screen.getByLabelText('Bio'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Edit profile' })).toHaveFocus());
  });

  it('gives focus back to the photo button when the crop dialog closes with Escape, and shows the zoom', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => {} }));
    signIn();
    serveProfile();
    const { user } = renderApp('/?profile=me');
    const panel = await screen.findByRole('dialog', { name: 'Profile' });
    const photoButton = await within(panel).findByRole('button', { name: 'Change profile photo' });
    await user.click(photoButton);
    const input = panel.querySelector<HTMLInputElement>('input[name="profileImage"]')!;
    // What the browser's file chooser does: the input changes, focus stays on the button that opened it.
    fireEvent.change(input, { target: { files: [new File(['x'], 'me.png', { type: 'image/png' })] } });
    const crop = await screen.findByRole('dialog', { name: 'Adjust profile photo' });
    expect(within(crop).getByRole('slider', { name: 'Zoom' })).toHaveAttribute('aria-valuetext', '1.00 times');
    expect(within(crop).getByText('1.00×')).toBeInTheDocument();
    // An arrow key zooms by 0.1 (30 presses from 1× to 4×, not 300); the slider keeps 0.01 for dragging.
    const zoom = within(crop).getByRole('slider', { name: 'Zoom' });
    act(() => zoom.focus());
    await user.keyboard('{ArrowRight}');
    expect(zoom).toHaveAttribute('aria-valuetext', '1.10 times');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowLeft}');
    expect(zoom).toHaveAttribute('aria-valuetext', '1.20 times');
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(zoom).toHaveAttribute('aria-valuetext', '1.00 times');
    // While the crop is open the button keeps focusability (aria-disabled, not disabled).
    expect(photoButton).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adjust profile photo' })).not.toBeInTheDocument());
    await waitFor(() => expect(photoButton).toHaveFocus());
    expect(photoButton).not.toHaveAttribute('aria-disabled');
  });

  it('sends a visitor to sign in', async () => {
    mockFetch(() => json(401, { message: 'Please sign in to continue', code: 'unauthorized' }));
    const { router } = renderApp('/suggested?profile=12');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/suggested?profile=12')}`);
  });
});
