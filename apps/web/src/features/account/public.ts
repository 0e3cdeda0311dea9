// What other features use of account keeping: its texts only (the sign-in page shows one; the mail-link pages in
// features/auth take the calls from ./api). Kept free of the API hooks so /login loads nothing more than the texts.
export { ACCOUNT_TEXTS } from './texts';
