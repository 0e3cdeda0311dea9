/** What other features may use from friends besides its hooks (api.ts): the friend buttons and the lists. */
export { FriendActions } from './friend-actions';
export { ProfileFriends } from './profile-friends';
export { FriendsPanelList } from './friends-panel-list';
