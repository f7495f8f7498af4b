/*
 * The forum's two pages load as one chunk: the first chunk's preload map then names the forum's
 * module and its dependencies once, not twice (that map is paid on `/`, `/auth` and `/signup`,
 * which sit at their 100 KB budget). Each page lives in its own file.
 */
export { CommunityPage } from './community-page';
export { PostPage } from './post-page';
