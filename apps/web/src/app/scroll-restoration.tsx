import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The key React Router's own <ScrollRestoration> stores positions under, so a reload finds what it saved. */
const STORAGE_KEY = 'react-router-scroll-positions';

/** Scroll positions by history entry (location.key), kept across reloads in sessionStorage. */
let positions: Record<string, number> = {};

/**
 * What React Router's <ScrollRestoration> does, for the declarative router the app runs on (app.tsx: the data
 * router alone was 17 KB of gzipped JavaScript on every first page, issue 12 §5): back and forward return to where
 * the page was, a new page starts at the top (or at its #hash), and a change of the query string alone (the post
 * and profile panels, an @mention: every such navigation in the app asks `preventScrollReset`) leaves the page
 * where it is. Positions are saved as the page scrolls and stored for a reload when the page is hidden.
 */
export function AppScrollRestoration() {
  const location = useLocation();
  const current = useRef(location);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    try {
      positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      positions = {};
    }
    const onScroll = () => {
      positions[current.current.key] = window.scrollY;
    };
    const onPageHide = () => {
      positions[current.current.key] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or disabled: positions are kept for this visit only.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const previous = current.current;
    current.current = location;
    const saved = positions[location.key];
    if (typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    const first = previous === location;
    if (first) {
      // A reload returns to where the page was (React Router's own copy, kept when the page was hidden).
      try {
        const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>;
        const y = stored[location.key];
        if (typeof y === 'number') {
          window.scrollTo(0, y);
          return;
        }
      } catch {
        // Unreadable storage: nothing to restore.
      }
    }
    // The new entry starts with the place the navigation leaves it at (as the router saves it when leaving).
    const record = () => {
      positions[location.key] = window.scrollY;
    };
    if (location.hash) {
      try {
        const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (target) {
          target.scrollIntoView();
          record();
          return;
        }
      } catch {
        // Not a decodable id: scroll as for any other page.
      }
    }
    if (first || location.pathname !== previous.pathname) window.scrollTo(0, 0);
    record();
  }, [location]);

  return null;
}
