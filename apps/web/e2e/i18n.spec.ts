import type { Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalOverflow, snap, expect, test } from './fixtures';
import { createGroupViaApi } from './groups-helpers';

// A browser set to Spanish: the app follows it until the user picks a language (issue 13 §10).
test.use({ locale: 'es-ES' });

const MOBILE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** axe in both themes, then pictures at both widths (es-<name>-<width>-light/dark.png), never scrolling sideways. */
async function checkScreen(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  await ready();
  await expectAccessible(page, `${name} (es)`);
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await ready();
    await expectNoHorizontalOverflow(page);
    await snap(page, `es-${name}-${viewport.width}`);
  }
}

test('a Spanish browser gets the app in Spanish; the choice beside the theme switch is remembered', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'es');
  const banner = page.getByRole('banner');
  await expect(page.getByRole('heading', { level: 1, name: 'Crea. Crece. Conecta.' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Entrar' })).toBeVisible();
  await checkScreen(page, 'explore', () => expect(page.getByRole('heading', { name: 'Comunidades sugeridas' })).toBeVisible());

  // English from the switch: the page follows at once, <html lang> too, and the pick outlives a reload.
  await banner.getByRole('button', { name: 'Idioma: Español, ES' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemradio', { name: 'Español' })).toHaveAttribute('aria-checked', 'true');
  await expectAccessible(page, 'language menu');
  await menu.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Build. Grow. Connect.' })).toBeVisible();
  await expect(html).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('en');
  await page.reload();
  await expect(banner.getByRole('link', { name: 'Sign in' })).toBeVisible();

  // Back to Spanish; the server's messages come in Spanish too when the contract knows them.
  await banner.getByRole('button', { name: 'Language: English, EN' }).click();
  await page.getByRole('menu').getByRole('menuitemradio', { name: 'Español' }).click();
  await expect(html).toHaveAttribute('lang', 'es');
  await page.goto('/login');
  await page.getByLabel('Correo o nombre de usuario').fill('nobody_here');
  await page.getByLabel('Contraseña', { exact: true }).fill('wrong-password-1');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Correo/nombre de usuario o contraseña incorrectos');
  await checkScreen(page, 'login', () => expect(page.getByRole('heading', { name: 'Hola de nuevo' })).toBeVisible());
  await page.goto('/register');
  await checkScreen(page, 'register', () => expect(page.getByRole('heading', { name: 'Crea tu cuenta' })).toBeVisible());
});

test('the signed-in screens in Spanish: feed, community, members, create, profile, notifications', async ({ page, login }) => {
  const owner = await login();
  const group = await createGroupViaApi(owner, { about: 'Un club para leer de noche.', rules: '**Sé amable**' });

  await page.goto('/');
  await checkScreen(page, 'feed', () => expect(page.getByRole('heading', { level: 1, name: 'Tu feed' })).toBeVisible());

  await page.goto(`/group/${group.slug}`);
  await checkScreen(page, 'community', () =>
    expect(page.getByRole('heading', { name: `Te damos la bienvenida a ${group.name}` })).toBeVisible(),
  );
  await expect(page.getByText(/^1 miembro · 0 publicaciones · Pública$/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Secciones de la comunidad' }).getByRole('link', { name: 'Resumen' })).toBeVisible();

  await page.goto(`/group/${group.slug}/members`);
  await checkScreen(page, 'members', () => expect(page.getByRole('heading', { name: '1 miembro' })).toBeVisible());

  await page.goto('/create');
  await checkScreen(page, 'create', () => expect(page.getByRole('heading', { level: 1, name: 'Crear una comunidad' })).toBeVisible());

  await page.goto('/?profile=me');
  const profile = page.getByRole('dialog', { name: 'Perfil' });
  await checkScreen(page, 'profile', () => expect(profile.getByRole('tab', { name: 'Resumen' })).toBeVisible());
  await page.keyboard.press('Escape');

  await page.getByRole('banner').getByRole('button', { name: 'Notificaciones' }).click();
  const notifications = page.getByRole('dialog', { name: 'Notificaciones' });
  await checkScreen(page, 'notifications', () => expect(notifications.getByText('Aún no hay notificaciones')).toBeVisible());
});
