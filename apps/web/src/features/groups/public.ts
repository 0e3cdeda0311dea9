/** What other features may use from communities besides its hooks (api.ts). */
export { ProfileCommunities } from './profile-communities';
export { SuggestedCommunities } from './suggested-row';
