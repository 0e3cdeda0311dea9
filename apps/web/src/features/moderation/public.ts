/** What other features and the app may use from moderation (issue 15 §2) besides its hooks (api.ts). */
export { ReportButton, type ReportTargetProps } from './report-dialog';
export { ReportItem, ReportQueueView, SiteReportQueue } from './report-queue';
export { ReportsBadge, ReportsPanel, ReportsTab } from './reports-section';
export { MODERATION_TEXTS } from './texts';
