import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { POSTING_MESSAGES } from '@agora/contract';
import { json, renderApp, signIn } from '@/test/render-app';
import { serve } from '@/test/serve';
import { makeDetail, ownedDetail } from './test-data';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });
afterEach(() => toast.dismiss());

const RULES = { slowModeMinutes: 0, minAccountAgeHours: 0, blockedWords: ['casino'] };

async function openRules() {
  const app = renderApp('/group/night-owls');
  await app.user.click(await screen.findByRole('button', { name: 'Community settings' }));
  await app.user.click(await screen.findByRole('menuitem', { name: 'Posting rules' }));
  const dialog = await screen.findByRole('dialog', { name: 'Posting rules' });
  return { ...app, dialog };
}

describe('posting rules in the community settings', () => {
  it('the owner sees the rules, changes them and saves what the form shows', async () => {
    signIn();
    const { calls } = serve({
      'GET /groups/night-owls': () => json(200, ownedDetail()),
      'GET /api/groups/12/posting-rules': () => json(200, RULES),
      'PUT /api/groups/12/posting-rules': (body) => json(200, { message: POSTING_MESSAGES.rulesSaved, rules: body }),
    });
    const { user, dialog } = await openRules();
    const slow = await within(dialog).findByRole('combobox', { name: 'Slow mode' });
    expect(slow).toHaveValue('0');
    expect(within(dialog).getByRole('textbox', { name: 'Blocked words and phrases' })).toHaveValue('casino');
    await user.selectOptions(slow, 'One discussion every 5 minutes');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Minimum account age to post' }), 'At least 1 day');
    await user.type(within(dialog).getByRole('textbox', { name: 'Blocked words and phrases' }), '\n  free money  \n\n');
    await user.click(within(dialog).getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText(POSTING_MESSAGES.rulesSaved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      slowModeMinutes: 5,
      minAccountAgeHours: 24,
      blockedWords: ['casino', 'free money'],
    });
    expect(screen.queryByRole('dialog', { name: 'Posting rules' })).not.toBeInTheDocument();
  });

  it('an admin may set them but not delete the community; a member has no settings menu', async () => {
    signIn();
    serve({
      'GET /groups/night-owls': () =>
        json(
          200,
          makeDetail(
            { is_member: true },
            { role: 'admin', abilities: { read: true, contribute: true, moderate: true, manage: true, update: false } },
          ),
        ),
      'GET /api/groups/12/posting-rules': () => json(200, RULES),
    });
    const { user } = renderApp('/group/night-owls');
    await user.click(await screen.findByRole('button', { name: 'Community settings' }));
    expect(await screen.findByRole('menuitem', { name: 'Posting rules' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete community' })).not.toBeInTheDocument();
  });

  it('a member sees no settings', async () => {
    signIn();
    serve({
      'GET /groups/night-owls': () =>
        json(
          200,
          makeDetail(
            { is_member: true },
            { role: 'member', abilities: { read: true, contribute: true, moderate: false, manage: false, update: false } },
          ),
        ),
    });
    renderApp('/group/night-owls');
    expect(await screen.findByRole('heading', { name: 'Night Owls' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Community settings' })).not.toBeInTheDocument();
  });

  it('a list over the limit is refused before sending, beside the field', async () => {
    signIn();
    const { calls } = serve({
      'GET /groups/night-owls': () => json(200, ownedDetail()),
      'GET /api/groups/12/posting-rules': () => json(200, { ...RULES, blockedWords: Array.from({ length: 201 }, (_, i) => `w${i}`) }),
    });
    const { user, dialog } = await openRules();
    await user.click(await within(dialog).findByRole('button', { name: 'Save rules' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('At most 200 words or phrases');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
