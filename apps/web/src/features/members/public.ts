/** What other features and the app may use from members besides its hooks (the members part of groups/api.ts). */
export { RoleName, ROLE_LABELS } from './role-name';
export { InviteResponse } from './invite-response';
export { RequestsBadge } from './requests-badge';
