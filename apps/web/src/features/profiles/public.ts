/** What other features may use from profiles besides its hooks (api.ts): opening the profile panel. */
export { PROFILE_PARAM, useProfilePanel } from './use-profile-panel';
