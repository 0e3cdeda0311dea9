// Zod-free on purpose: the web app's first pages import these without loading zod (docs/decisions/0040-zod-stays-off-the-first-load.md).
import { LIMITS } from './limits';

export const PROFILE_MESSAGES = {
  bioTooLong: `Bio must be at most ${LIMITS.bioMax} characters`,
  aboutTooLong: `About must be at most ${LIMITS.aboutMax} characters`,
  linksTooLong: `Links must be at most ${LIMITS.userLinkMax} characters`,
  tooManyLinks: `At most ${LIMITS.userLinkLinesMax} links`,
  invalidImagePath: 'Images must be uploaded through Agora',
  userNotFound: 'User not found',
} as const;

/** Removes a query string or fragment: image paths are saved without one (SPEC §5). */
export function stripQuery(path: string): string {
  return path.replace(/[?#].*$/, '');
}

/** Our own upload paths: /uploads/<kind>/<random>.<ext>. Nothing else may be stored as a profile image. */
export const UPLOAD_PATH_PATTERN = /^\/uploads\/[a-z]+\/[A-Za-z0-9_-]+\.(jpg|webp)$/;
