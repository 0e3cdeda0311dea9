// What other features use of account keeping: its texts (the sign-in page shows one; the mail-link pages in
// features/auth take the calls from ./api) and the mutes (the community page's and the post card's menus). Kept
// free of the settings page's hooks so /login loads little more than the texts.
export { ACCOUNT_TEXTS } from './texts';
// Blocking's texts and cache refresh: the profile panel's Block button (profiles) and the post panel's hidden
// line (discussions) use them; the settings page's list lives here.
export { BLOCK_TEXTS } from './blocking-texts';
export { blockKeys, refreshAfterBlock } from './blocking-keys';
export { useMutes, useSetMute, type MuteChange } from './mutes';
