import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { GROUP_MESSAGES } from '@agora/contract';
import { renderApp } from '@/test/render-app';
import { catalogue as spanish, texts as spanishTexts } from '@/app/i18n/es';
import { BLOG_TEXTS } from '@/features/blogs/texts';
import { COMMON_TEXTS } from '@/lib/texts';
import { formatTimestamp } from '@/lib/time';
import {
  applyLocale,
  browserLocale,
  definedSections,
  formatNumber,
  localizeMessage,
  plural,
  preferredLocale,
  setCatalogueLoader,
  setLocaleChoice,
} from '@/lib/i18n';

setCatalogueLoader(async () => spanish);

afterEach(async () => {
  localStorage.clear();
  await applyLocale('en');
});

/** Every key of an English section, nested ones as "a.b". */
function keysOf(section: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(section).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('the catalogues', () => {
  it('Spanish has exactly the sections and keys the app declares in English', () => {
    // es.ts imports the type of every section; the runtime check catches a section name spelled differently.
    const declared = [...definedSections().keys()].sort();
    expect(declared.length).toBeGreaterThan(10);
    expect(Object.keys(spanishTexts).sort()).toEqual(declared);
    for (const [name, english] of definedSections()) {
      expect(keysOf(spanishTexts[name as keyof typeof spanishTexts] as Record<string, unknown>).sort(), name).toEqual(
        keysOf(english).sort(),
      );
    }
  });

  it('reads English until Spanish is chosen, then Spanish, with <html lang> following', async () => {
    expect(BLOG_TEXTS.goBack).toBe('Go Back');
    expect(document.documentElement.lang).toBe('en');
    await applyLocale('es');
    expect(BLOG_TEXTS.goBack).toBe('Volver');
    expect(document.documentElement.lang).toBe('es');
    await applyLocale('en');
    expect(BLOG_TEXTS.goBack).toBe('Go Back');
  });

  it('counts, plurals and dates go through Intl in the active language', async () => {
    expect(formatNumber(12345)).toBe('12,345');
    expect(BLOG_TEXTS.likes(1)).toBe('1 like');
    expect(BLOG_TEXTS.likes(1234)).toBe('1,234 likes');
    expect(plural(0, { one: '# item', other: '# items' })).toBe('0 items');
    const now = new Date(2026, 2, 10, 12, 0);
    expect(formatTimestamp(new Date(2026, 2, 10, 11, 55), now, 'desktop')).toBe('5 minutes ago');
    expect(formatTimestamp(new Date(2025, 8, 5), now, 'desktop')).toBe('Sep 5 2025');
    await applyLocale('es');
    expect(formatNumber(12345)).toBe('12.345');
    expect(BLOG_TEXTS.shares(1)).toBe('1 vez compartido');
    expect(formatTimestamp(new Date(2026, 2, 10, 11, 55), now, 'desktop')).toBe('hace 5 minutos');
    expect(formatTimestamp(new Date(2026, 2, 10, 11, 55), now, 'mobile')).toBe('5 min');
    expect(formatTimestamp(new Date(2025, 8, 5), now, 'desktop')).toBe('5 sept 2025');
    expect(COMMON_TEXTS.justNow).toBe('Ahora mismo');
  });

  it("shows the server's messages in Spanish when it knows them, templates included, else as they came", async () => {
    expect(localizeMessage(GROUP_MESSAGES.notFound)).toBe('Group not found');
    await applyLocale('es');
    expect(localizeMessage(GROUP_MESSAGES.notFound)).toBe('Grupo no encontrado');
    expect(localizeMessage(GROUP_MESSAGES.kicked('grace'))).toBe('grace ha sido expulsado de la comunidad');
    expect(localizeMessage(GROUP_MESSAGES.roleUpdated('moderator'))).toBe('El rol del miembro ahora es moderador');
    expect(localizeMessage(GROUP_MESSAGES.nameTaken('Café (Madrid)'))).toBe('Ya existe una comunidad llamada «Café (Madrid)»');
    expect(localizeMessage('Something the contract does not say')).toBe('Something the contract does not say');
  });
});

describe('the language choice', () => {
  it("follows the browser's first language we have, else English", () => {
    expect(browserLocale(['es-MX', 'en'])).toBe('es');
    expect(browserLocale(['fr-FR', 'es'])).toBe('es');
    expect(browserLocale(['fr-FR', 'de'])).toBe('en');
    expect(browserLocale([])).toBe('en');
  });

  it('a choice is remembered under "locale" and wins over the browser', async () => {
    expect(preferredLocale()).toBe('en');
    await setLocaleChoice('es');
    expect(localStorage.getItem('locale')).toBe('es');
    expect(preferredLocale()).toBe('es');
  });

  it('is switched from the navigation bar beside the theme switch, and the page follows at once', async () => {
    const { user } = renderApp('/does-not-exist');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    const banner = screen.getByRole('banner');
    await user.click(within(banner).getByRole('button', { name: 'Language: English, EN' }));
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Español' }));
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Idioma: Español, ES' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('locale')).toBe('es');
  });
});
