import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { COMPRESS_THRESHOLD_BYTES } from './compression';

const t = useTestApp();

// The OpenAPI document is a real JSON answer well above the threshold; health is one far below it.
describe('JSON compression', () => {
  it('compresses JSON of 1 KB and more with brotli, or gzip, as the client accepts', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-type']).toContain('application/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const br = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('sends JSON under 1 KB as it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('never decompresses a request body (a small compressed body could expand past the body limit)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ emailOrUsername: 'someone', password: 'whatever-password' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
  });
});
