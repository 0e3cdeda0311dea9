/**
 * Numbers only the web app uses (SPEC §9): how long things show, how the screen is split. The contract keeps
 * what the server also needs (limits it enforces); these never travel over the wire.
 */

/** General toasts and banners stay 3 seconds. */
export const TOAST_MS = 3000;
/** Phones and small tablets below this width get the mobile layout and timestamps. */
export const MOBILE_BREAKPOINT_PX = 768;
/** Friend suggestions search as the user types, after this pause. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The bell's unread count refreshes this often. */
export const UNREAD_POLL_MS = 30_000;
/** Default width of the right-hand drawers. */
export const SIDE_PANEL_WIDTH_PX = 520;
/** The crop dialog's zoom slider: 1× to 4× in steps of 0.01 when dragged, 0.1 per arrow key (30 presses end to end). */
export const CROP_ZOOM = { min: 1, max: 4, step: 0.01, keyStep: 0.1 } as const;
