/** http_ece (a dependency of web-push): RFC 8188 content encoding; the push tests decrypt with it as a browser would. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer | string }): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
