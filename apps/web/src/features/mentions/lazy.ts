import { createElement, Suspense } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import type { MentionAutocompleteProps } from './mention-autocomplete';

const Lazy = lazyComponent(
  () => import('./mention-autocomplete'),
  (module) => module.MentionAutocomplete,
);

/**
 * The `@mention` suggestions of the editors (issue 16 §4), fetched the first time an editor renders: not one byte
 * of it on a first load. Render it next to the editor's text area inside a `relative` box; until its code has
 * arrived it renders nothing (its own Suspense boundary), so the editor never waits for it.
 */
export function MentionAutocomplete(props: MentionAutocompleteProps) {
  return createElement(Suspense, { fallback: null }, createElement(Lazy, props));
}
MentionAutocomplete.preload = Lazy.preload;
