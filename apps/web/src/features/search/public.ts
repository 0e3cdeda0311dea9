/** What the app composes from search (issue 16): the navigation bar's field and the community page's box. */
export { NavSearch } from './nav-search';
export { CommunitySearch } from './community-search';
