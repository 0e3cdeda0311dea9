import { createHash, randomBytes } from 'node:crypto';

/** A session token: 256 random bits, base64url. Only its SHA-256 is stored, so a database leak yields no sessions. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** Random, unguessable file names for uploads. */
export function randomName(): string {
  return randomBytes(16).toString('base64url');
}
