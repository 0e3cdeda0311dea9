/**
 * What other features and the app may use from members besides its hooks (the members part of groups/api.ts). The
 * invitation answer and the requests badge are the community page's own (app/group-page.tsx imports them directly):
 * here they brought the members calls onto every post card's first load.
 */
export { RoleName, ROLE_LABELS } from './role-name';
