import { COMMON_PASSWORDS_TEXT } from './common-passwords.data';

/**
 * The 10,000 most common passwords (lower case), refused at registration. A separate entry point
 * (`@agora/contract/common-passwords`) so that only code that checks passwords loads its 77 KB; the Set is built
 * on first use.
 */
let common: Set<string> | undefined;

/** True when the password, in any case, is one of the 10,000 most common. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return common.has(password.toLowerCase());
}
