import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRef, useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MentionSuggestion } from '@agora/contract';
import { json, mockFetch, signIn } from '@/test/render-app';
import { insertMention, mentionFragmentAt } from './fragment';
import { MentionAutocomplete } from './mention-autocomplete';

const person = (id: number, username: string, extra: Partial<MentionSuggestion> = {}): MentionSuggestion => ({
  id,
  username,
  firstName: username[0]!.toUpperCase() + username.slice(1),
  lastName: 'Tester',
  profileImage: null,
  is_friend: false,
  is_member: false,
  ...extra,
});

const PEOPLE = [person(1, 'grace', { is_friend: true }), person(2, 'grant', { is_member: true }), person(3, 'gregor')];

function serve(people: MentionSuggestion[] = PEOPLE) {
  return mockFetch((url) => {
    if (url.startsWith('/api/search/mentions?')) return json(200, { people });
    return json(404, { message: `unexpected ${url}`, code: 'test' });
  });
}

/** An editor as the app's are: a text area whose own Enter sends, and the suggestions beside it. */
function Editor({ onSend, initial = '' }: { onSend: (text: string) => void; initial?: string }) {
  const [text, setText] = useState(initial);
  const ref = useRef<HTMLTextAreaElement>(null);
  return (
    <div className="relative">
      <label htmlFor="editor">Text</label>
      <textarea
        id="editor"
        ref={ref}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            onSend(text);
          }
        }}
      />
      <MentionAutocomplete textarea={ref} value={text} onChange={setText} group={12} />
    </div>
  );
}

function setup(initial = '') {
  signIn();
  const onSend = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Editor onSend={onSend} initial={initial} />
    </QueryClientProvider>,
  );
  const box = screen.getByRole('textbox', { name: 'Text' }) as HTMLTextAreaElement;
  return { onSend, box, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('mention fragments', () => {
  it('finds the @name being typed at the caret, not an email address', () => {
    expect(mentionFragmentAt('hi @gr', 6)).toEqual({ start: 3, end: 6, term: 'gr' });
    expect(mentionFragmentAt('@gr', 3)).toEqual({ start: 0, end: 3, term: 'gr' });
    expect(mentionFragmentAt('mail a@gr', 9)).toBeNull();
    expect(mentionFragmentAt('hi @gr there', 12)).toBeNull();
    expect(mentionFragmentAt('hi @gr', 6, 4)).toBeNull();
    expect(insertMention('hi @gr!', { start: 3, end: 6, term: 'gr' }, 'grace')).toEqual({ value: 'hi @grace !', caret: 10 });
    expect(insertMention('hi @gr there', { start: 3, end: 6, term: 'gr' }, 'grace')).toEqual({ value: 'hi @grace there', caret: 10 });
  });
});

describe('MentionAutocomplete', () => {
  it('opens after @ and two letters, asks once per pause with the community, and lists friends and members marked', async () => {
    const api = serve();
    const { box, user } = setup();
    // Closed, the editor is the text box it always was.
    expect(box).not.toHaveAttribute('aria-expanded');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    await user.type(box, 'Hello @g');
    // One letter: nothing asked, nothing shown.
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
    expect(api.calls).toHaveLength(0);
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(box, 'r');
    const list = await screen.findByRole('listbox', { name: 'People to mention' });
    expect(api.calls.map((c) => c.url)).toEqual(['/api/search/mentions?q=gr&group=12']);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['@graceGrace TesterFriend', '@grantGrant TesterMember', '@gregorGregor Tester']);
    expect(screen.getByRole('combobox', { name: 'Text' })).toBe(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('3 people found');
  });

  it('moves with the arrows and inserts @username at the caret with Enter, in place of the fragment, without sending', async () => {
    serve();
    const { box, user, onSend } = setup(' see you');
    // The caret at the start, before existing text.
    box.focus();
    box.setSelectionRange(0, 0);
    await user.type(box, 'Hi @gr', { initialSelectionStart: 0, initialSelectionEnd: 0 });
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await user.keyboard('{ArrowDown}'); // wraps to the first
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(options[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(box.value).toBe('Hi @gregor see you');
    expect(onSend).not.toHaveBeenCalled();
    expect(box.selectionStart).toBe('Hi @gregor '.length);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).not.toHaveAttribute('aria-expanded');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(screen.getByRole('textbox', { name: 'Text' })).toBe(box);
    // Typing goes on after the mention; Enter is the editor's again.
    await user.keyboard('!{Enter}');
    expect(onSend).toHaveBeenCalledWith('Hi @gregor !see you');
  });

  it('inserts with Tab too', async () => {
    serve();
    const { box, user } = setup();
    await user.type(box, '@gr');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Tab}');
    expect(box.value).toBe('@grant ');
    expect(document.activeElement).toBe(box);
  });

  it('closes with Escape (which goes no further), stays closed for that @, and opens again for the next one', async () => {
    serve();
    const { box, user } = setup();
    const outer = vi.fn();
    document.addEventListener('keydown', outer);
    await user.type(box, '@gr');
    await screen.findByRole('listbox');
    outer.mockClear();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).not.toHaveAttribute('aria-expanded');
    expect(outer).not.toHaveBeenCalled();
    await user.type(box, 'a');
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
    expect(screen.queryByRole('listbox')).toBeNull();
    // Escape with the list closed is the page's (a dialog would close).
    outer.mockClear();
    await user.keyboard('{Escape}');
    expect(outer).toHaveBeenCalledTimes(1);
    await user.type(box, ' @gr');
    await screen.findByRole('listbox');
    document.removeEventListener('keydown', outer);
  });

  it('inserts the person clicked, keeping the caret in the text area', async () => {
    serve();
    const { box, user } = setup();
    await user.type(box, 'cc @gra');
    await screen.findByRole('listbox');
    await user.click(screen.getByRole('option', { name: /grant/ }));
    expect(box.value).toBe('cc @grant ');
    expect(document.activeElement).toBe(box);
    expect(box.selectionStart).toBe(box.value.length);
  });

  it('says so when no one matches, and Enter keeps its own meaning', async () => {
    serve([]);
    const { box, user, onSend } = setup();
    await user.type(box, '@zz');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No one matches @zz'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).not.toHaveAttribute('aria-expanded');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('@zz');
  });
});
