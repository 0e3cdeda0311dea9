import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * The texts' languages (decision 0101). English is written in each feature's `texts.ts` and ships
 * with the code that shows it; every other language is one catalogue (`app/i18n/<locale>.ts`) loaded on demand
 * when chosen. A feature declares its English with `defineTexts(section, {...})`: the returned object reads each
 * text from the active catalogue, else the English, so components keep `TEXTS.key` and re-render on a switch
 * (the app remounts its tree under `key={locale}`).
 *
 * The language follows the browser (`navigator.languages`) until the user picks one in the navigation bar; the
 * pick is kept in localStorage under `locale`. `<html lang>` follows.
 */

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language's own name, as its speakers write it (the switch shows these). */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

/** A catalogue section's translation: the English section's keys, every text a string or a same-shaped function. */
export type Translation<T> = {
  [K in keyof T]: T[K] extends string ? string : T[K] extends (...args: infer A) => string ? (...args: A) => string : Translation<T[K]>;
};

type Section = Record<string, unknown>;

/** A loaded language: its sections, and the server's messages (the contract's English texts) in it. */
export interface Catalogue {
  texts: Record<string, Section>;
  /** The translation of one of the contract's messages (exact English text), or undefined when unknown. */
  message: (english: string) => string | undefined;
}

const LOCALE_EVENT = 'agora:locale';

function isLocale(value: string | null | undefined): value is Locale {
  return value != null && (LOCALES as readonly string[]).includes(value);
}

/** The browser's first listed language we have, else English. */
export function browserLocale(
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
): Locale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

let memoryChoice: Locale | null = null;

/** The chosen language (stored), else the browser's. */
export function preferredLocale(): Locale {
  const stored = readStorage(STORAGE_KEYS.locale);
  if (isLocale(stored)) return stored;
  return memoryChoice ?? browserLocale();
}

/** The language texts are shown in now: the preferred one once its catalogue has loaded. */
let active: Locale = 'en';
let catalogue: Catalogue | null = null;

export function getLocale(): Locale {
  return active;
}

/** The BCP 47 tag `Intl` formats with. */
export function intlLocale(): string {
  return active;
}

type Loader = (locale: Exclude<Locale, 'en'>) => Promise<Catalogue>;
let loader: Loader | null = null;

/** Set once by the app: how a non-English catalogue is fetched (a dynamic import, so it loads only when chosen). */
export function setCatalogueLoader(load: Loader): void {
  loader = load;
}

function activate(locale: Locale, texts: Catalogue | null): void {
  active = locale;
  catalogue = texts;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(LOCALE_EVENT));
}

/** Shows `locale`, loading its catalogue first. English needs nothing: it is in the code. */
export async function applyLocale(locale: Locale = preferredLocale()): Promise<void> {
  if (locale === 'en' || !loader) {
    activate('en', null);
    return;
  }
  try {
    activate(locale, await loader(locale));
  } catch {
    // The catalogue could not load (offline, a new deploy): English keeps the app usable.
    activate('en', null);
  }
}

/** The user's pick from the language switch: kept, then shown. */
export function setLocaleChoice(locale: Locale): Promise<void> {
  memoryChoice = writeStorage(STORAGE_KEYS.locale, locale) ? null : locale;
  return applyLocale(locale);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(LOCALE_EVENT, onChange);
  return () => window.removeEventListener(LOCALE_EVENT, onChange);
}

/** The language texts are shown in; re-renders on a switch. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, () => 'en' as const);
}

const defined = new Map<string, Section>();

/** Every section declared so far, with its English (for the catalogue completeness test). */
export function definedSections(): ReadonlyMap<string, Section> {
  return defined;
}

/**
 * A feature's texts. `english` is the source (the SPEC's words where it gives them); the returned object has the
 * same keys and reads each from the active catalogue's `section`, falling back to English.
 */
export function defineTexts<const T extends Section>(section: string, english: T): T {
  defined.set(section, english);
  const texts = {} as T;
  for (const key of Object.keys(english)) {
    Object.defineProperty(texts, key, {
      enumerable: true,
      get: () => catalogue?.texts[section]?.[key] ?? english[key],
    });
  }
  return texts;
}

/**
 * A text that may be one of the contract's messages (a server `message`, a shared validation text): the active
 * language's version when it has one, else the text as it is (the server's own words, SPEC §8).
 */
export function localizeMessage(text: string): string {
  return catalogue?.message(text) ?? text;
}

type MessageTable = Record<string, string | ((...args: never[]) => string)>;

/**
 * Pairs the contract's English message tables with their translations, by key: a plain text by equality, a
 * template (`(name) => \`${name} is now a member\``) by its shape, the filled-in parts carried over.
 */
export function messageTranslator(pairs: [english: MessageTable, translated: MessageTable][]): (english: string) => string | undefined {
  const exact = new Map<string, string>();
  const templates: { pattern: RegExp; translate: (...args: string[]) => string }[] = [];
  const HOLE = '\u0000';
  for (const [english, translated] of pairs) {
    for (const key of Object.keys(english)) {
      const source = english[key];
      const target = translated[key];
      if (typeof source === 'string' && typeof target === 'string') exact.set(source, target);
      else if (typeof source === 'function' && typeof target === 'function') {
        const arity = Math.max(1, source.length);
        const shape = (source as (...args: string[]) => string)(...Array.from({ length: arity }, () => HOLE));
        const escaped = shape
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .split(HOLE)
          .join('(.+)');
        templates.push({ pattern: new RegExp(`^${escaped}$`, 's'), translate: target as (...args: string[]) => string });
      }
    }
  }
  return (text) => {
    const found = exact.get(text);
    if (found !== undefined) return found;
    for (const { pattern, translate } of templates) {
      const match = pattern.exec(text);
      if (match) return translate(...match.slice(1));
    }
    return undefined;
  };
}

// ---- Numbers, plurals, dates: always through Intl, in the active language ----

const cache = new Map<string, Intl.NumberFormat | Intl.PluralRules | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<F>(key: string, make: () => F): F {
  const full = `${active}|${key}`;
  let value = cache.get(full) as F | undefined;
  if (!value) {
    value = make();
    cache.set(full, value as never);
  }
  return value;
}

/** 1234 → "1,234" (English), "1234" / "12.345" (Spanish). */
export function formatNumber(n: number): string {
  return cached('n', () => new Intl.NumberFormat(active)).format(n);
}

/** The plural forms a count can take; `other` is required, the rest as the language needs. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** Picks the form for `n` by the active language's rules; `#` in the form is the formatted number. */
export function plural(n: number, forms: PluralForms): string {
  const rule = cached('p', () => new Intl.PluralRules(active)).select(n);
  return (forms[rule] ?? forms.other).replace('#', formatNumber(n));
}

/** The ordinal category of `n` ("one" for 1st, "two" for 2nd, …) in the active language. */
export function ordinalRule(n: number): Intl.LDMLPluralRule {
  return cached('o', () => new Intl.PluralRules(active, { type: 'ordinal' })).select(n);
}

/** "5 minutes ago", "hace 5 minutos". */
export function formatRelative(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  return cached('r', () => new Intl.RelativeTimeFormat(active)).format(value, unit);
}

/** A date's parts in the language's order, without punctuation: "Mar 5 2024", "5 mar 2024". */
export function formatShortDate(date: Date, withYear: boolean): string {
  const format = cached(
    withYear ? 'dy' : 'd',
    () =>
      new Intl.DateTimeFormat(active, withYear ? { month: 'short', day: 'numeric', year: 'numeric' } : { month: 'short', day: 'numeric' }),
  );
  return format
    .formatToParts(date)
    .filter((part) => part.type !== 'literal')
    .map((part) => part.value.replace(/\.$/, ''))
    .join(' ');
}

/** "March 5, 2024", "5 de marzo de 2024". */
export function formatLongDate(date: Date): string {
  return cached('long', () => new Intl.DateTimeFormat(active, { dateStyle: 'long' })).format(date);
}

/** A moment in full, for a tooltip: "Mar 5, 2024, 3:04 PM", "5 mar 2024, 15:04". */
export function formatDateTime(date: Date): string {
  return cached('dt', () => new Intl.DateTimeFormat(active, { dateStyle: 'medium', timeStyle: 'short' })).format(date);
}
