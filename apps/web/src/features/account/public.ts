// What other features use of account keeping: its texts (the mail-link pages live in features/auth).
export { ACCOUNT_TEXTS } from './texts';
export { accountKeys } from './api';
