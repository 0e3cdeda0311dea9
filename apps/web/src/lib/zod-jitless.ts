// Zod compiles object parsers with `new Function` unless told not to, and merely probing for it is reported as a
// Content-Security-Policy violation (script-src has no 'unsafe-eval'); the browser parses little, so interpreted
// parsers cost nothing noticeable. This must run before any schema is built: main.tsx imports it first, and the
// contract's schemas load only with lazy chunks, after the entry has run.
//
// `z.config({ jitless: true })` writes to this object, which zod keeps on globalThis so that every copy of zod
// shares it. Setting it here directly keeps zod itself out of the entry chunk (importing `config` costs ~4 kB
// gzipped on every page); zod-jitless.test.ts proves zod reads it.
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig = { ...shared.__zod_globalConfig, jitless: true };

export {};
