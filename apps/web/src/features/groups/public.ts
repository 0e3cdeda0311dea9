/** What other features may use from communities besides its hooks (api.ts). */
export { ProfileCommunities } from './profile-communities';
export { SuggestedCommunities } from './suggested-row';
export { RoleName, ROLE_LABELS } from './role-name';
