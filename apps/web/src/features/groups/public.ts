/** What other features and the app may use from communities besides its hooks (api.ts). */
export { ProfileGroups } from './profile-groups';
export { SuggestedGroups } from './suggested-row';
export { useGroupContext, type GroupOutletContext } from './group-context';
export { MembershipButton } from './membership-button';
export { menuContentClass, menuItemClass } from './menu';
export { GROUP_TEXTS } from './texts';
