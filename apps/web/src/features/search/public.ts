/**
 * What the app composes from search (issue 16): the community page's box. The navigation bar imports
 * nav-search.tsx itself, so a first load does not take the community box along.
 */
export { CommunitySearch } from './community-search';
