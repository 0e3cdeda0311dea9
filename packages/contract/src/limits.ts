/**
 * Business constants and limits from SPEC §9 that the server enforces or both sides need. Numbers only the web
 * app uses (toast duration, breakpoint, debounce, crop zoom) live in apps/web/src/lib/ui-constants.ts.
 */
export const LIMITS = {
  groupNameMax: 50,
  bioMax: 25,
  aboutMax: 2000,
  userLinkMax: 2000,
  userLinkLinesMax: 20,
  firstNameMax: 50,
  lastNameMax: 50,
  emailMax: 254,
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 8,
  /** Upper bound so a huge password cannot be used to burn CPU in argon2. */
  passwordMax: 256,
  imagePathMax: 500,
  minAgeYears: 18,
  earliestBirthDate: '1900-01-01',
  /** Upload size limits in bytes. */
  profileImageBytes: 5 * 1024 * 1024,
  bannerImageBytes: 15 * 1024 * 1024,
  postImageBytes: 10 * 1024 * 1024,
  groupPictureBytes: 5 * 1024 * 1024,
  groupBannerBytes: 15 * 1024 * 1024,
  /** Decoded pixel limit: anything larger is treated as a decompression bomb. */
  maxInputPixels: 50_000_000,
  profilePhotoSize: 512,
  bannerWidth: 1600,
  postImageMaxSide: 2048,
  jpegQuality: 92,
} as const;
