import { describe, expect, it } from 'vitest';

describe('zod jitless mode', () => {
  it('is on for every schema once the module has run, so zod never probes for eval (a CSP violation)', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
