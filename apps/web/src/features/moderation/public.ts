/** What other features may use from moderation besides its hooks (api.ts). */
export { BanDialog } from './ban-dialog';
export { BannedList } from './banned-list';
export { ModerationLog } from './modlog';
export { MODERATION_TEXTS } from './texts';
