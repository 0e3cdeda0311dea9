// What other features use of account keeping: its texts (the sign-in page shows one; the mail-link pages in
// features/auth take the calls from ./api) and the mutes (the community page's and the post card's menus). Kept
// free of the settings page's hooks so /login loads little more than the texts.
export { ACCOUNT_TEXTS } from './texts';
export { useMutes, useSetMute, type MuteChange } from './mutes';
