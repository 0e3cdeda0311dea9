/** What other features may use from auth besides its hooks (api.ts): the login link that brings people back. */
export { loginPathFor } from './redirect';
