import { defineTexts, ordinalRule } from './i18n';

const ENGLISH_ORDINALS: Record<Intl.LDMLPluralRule, string> = { zero: 'th', one: 'st', two: 'nd', few: 'rd', many: 'th', other: 'th' };

/** Texts shared by the whole app: time labels, dialogs, loading and error states, the theme and language switches. */
export const COMMON_TEXTS = defineTexts('common', {
  // Timestamps (SPEC §9)
  justNow: 'Just now',
  minutesShort: (n: number) => `${n}m`,
  hoursShort: (n: number) => `${n}h`,
  /** A birthday: "Mar 5th" from "Mar 5". */
  birthday: (monthDay: string, day: number) => `${monthDay}${ENGLISH_ORDINALS[ordinalRule(day)]}`,

  // Shared states and controls
  loading: 'Loading',
  uploadingPercent: (percent: number) => `Uploading ${percent}%`,
  changeBanner: 'Change banner',
  loadingWhat: (what: string) => `Loading ${what.toLowerCase()}`,
  loadingMore: 'Loading more',
  showMore: 'Show more',
  /** The default message of a list that failed to load. */
  listLoadFailed: "This list couldn't be loaded.",
  /** Under a failed action's message when the server failed (5xx): its request id, for a report to the operators. */
  errorReference: (id: string) => `Reference: ${id}`,
  tryAgain: 'Try again',
  close: 'Close',
  cancel: 'Cancel',
  // The password fields' show/hide control (components/ui/password-input.tsx)
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  save: 'Save',
  saving: 'Saving...',
  notAnImage: 'Please choose an image file',
  openImage: 'Open image',
  youtubeVideo: 'YouTube video',
  instagramReel: 'Instagram reel',
  instagramPost: 'Instagram post',

  // Crop dialog
  adjustPhoto: 'Adjust profile photo',
  adjustBanner: 'Adjust banner',
  cropArea: 'Crop frame: drag the picture or use the arrow keys to move it',
  cropFailed: 'This image could not be processed. Please choose another one.',
  cropHint: 'Drag the picture or use the arrow keys to position it; use the slider to zoom.',
  chosenPicture: 'The chosen picture',
  zoom: 'Zoom',
  zoomTimes: (n: string) => `${n} times`,

  // Theme and language switches (navigation bar)
  theme: 'Theme',
  themeCurrent: (name: string) => `Theme: ${name}`,
  themes: { light: 'Light', dark: 'Dark', system: 'System' },
  language: 'Language',
  /** The code is the button's visible text, so it is part of the name (WCAG 2.5.3 label in name). */
  languageCurrent: (name: string, code: string) => `Language: ${name}, ${code}`,
});
