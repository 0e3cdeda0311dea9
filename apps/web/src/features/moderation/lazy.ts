/**
 * Moderation's pieces for first-load screens (feeds, the post panel, a blog page, the members page): the Report
 * button is a few lines; its dialog, the report calls and their schemas load on the first press.
 */
export { ReportButton, type ReportTargetProps } from './report-button';
