/** What other features and the app may use from moderation besides its hooks (api.ts). */
// Bans and the moderation log (issue 15 §4, §5).
export { BanDialog } from './ban-dialog';
export { BannedList } from './banned-list';
export { ModerationLog } from './modlog';
// Reports (issue 15 §2).
export { ReportButton, type ReportTargetProps } from './report-button';
export { ReportItem, ReportQueueView, SiteReportQueue } from './report-queue';
export { ReportsBadge, ReportsPanel, ReportsTab } from './reports-section';
export { MODERATION_TEXTS } from './texts';
export { REPORT_TEXTS } from './report-texts';
