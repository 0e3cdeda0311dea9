import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES } from '@agora/contract';
import { json, renderApp, signIn } from '@/test/render-app';
import { serve } from '@/test/serve';
import { applyLocale, setCatalogueLoader, setLocaleChoice } from '@/lib/i18n';
import { catalogue as spanish } from './es';

/** The settings page (features/account) in Spanish: its sections, the notification names and the server's answers. */
const NOW = Date.now();

function routes(extra: Parameters<typeof serve>[0] = {}) {
  return serve({
    'GET /api/account': () => json(200, { email: 'ada@example.com', emailVerified: true, pendingEmail: null, siteAdmin: false }),
    'GET /api/auth/sessions': () =>
      json(200, {
        sessions: [
          {
            id: 10,
            created: new Date(NOW).toISOString(),
            lastSeen: new Date(NOW).toISOString(),
            device: 'Chrome on Windows',
            current: true,
          },
          {
            id: 11,
            created: new Date(NOW).toISOString(),
            lastSeen: new Date(NOW).toISOString(),
            device: 'Firefox on Linux',
            current: false,
          },
        ],
      }),
    'GET /notifications/settings': () =>
      json(200, {
        types: Object.fromEntries(
          [
            'mention',
            'friend_request_accepted',
            'friend_request_rejected',
            'like',
            'comment',
            'comment_like',
            'comment_reply',
            'new_follower',
            'join_request',
            'join_request_approved',
            'join_request_declined',
            'role_changed',
            'member_removed',
            'content_removed',
          ].map((t) => [t, true]),
        ),
        digest: 'off',
      }),
    'GET /api/account/export': () => json(200, { export: null }),
    ...extra,
  });
}

const section = (name: string) => screen.findByRole('region', { name });

beforeEach(() => signIn());

describe('SettingsPage in Spanish', () => {
  afterEach(() => applyLocale('en'));

  it("shows its headings, switches and the server's answers in the chosen language", async () => {
    setCatalogueLoader(async () => spanish);
    await setLocaleChoice('es');
    routes({ 'DELETE /api/auth/sessions?others=1': () => json(200, { message: ACCOUNT_MESSAGES.otherSessionsEnded }) });
    const { user } = renderApp('/settings');
    expect(screen.getByRole('heading', { level: 1, name: 'Configuración' })).toBeInTheDocument();
    const notifications = await section('Notificaciones');
    expect(await within(notifications).findByRole('switch', { name: 'A alguien le gusta tu publicación' })).toBeChecked();
    expect(within(notifications).getByRole('switch', { name: 'Solicitudes de amistad' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(notifications).getByRole('radio', { name: 'Semanal' })).toBeInTheDocument();
    const sessions = await section('Sesiones');
    expect(await within(sessions).findByText('Este dispositivo')).toBeInTheDocument();
    await user.click(within(sessions).getByRole('button', { name: 'Cerrar sesión en todos los demás dispositivos' }));
    expect(await screen.findByText('Se cerró la sesión en todos los demás dispositivos')).toBeInTheDocument();
  });

  it('shows the muted list and the delete dialog in the chosen language', async () => {
    setCatalogueLoader(async () => spanish);
    await setLocaleChoice('es');
    routes();
    const { user } = renderApp('/settings');
    const notifications = await section('Notificaciones');
    expect(await within(notifications).findByText(/No has silenciado ninguna comunidad/)).toBeInTheDocument();
    const danger = await section('Eliminar la cuenta');
    await user.click(within(danger).getByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar tu cuenta?' });
    expect(within(dialog).getByRole('checkbox', { name: 'Eliminar también todo lo que publiqué' })).not.toBeChecked();
  });
});
