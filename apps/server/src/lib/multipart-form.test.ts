import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../plugins/errors';
import { multipartForm } from '../test/factories';
import { MULTIPART_MESSAGES, readMultipartForm } from './multipart-form';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  await app.register(multipart);
  app.post('/form', async (request) => {
    const form = await readMultipartForm(request, {
      files: { small: { maxBytes: 10, tooLarge: 'Small is too large' }, big: { maxBytes: 100, tooLarge: 'Big is too large' } },
      fields: ['name', 'about'],
      maxFieldBytes: 50,
    });
    return {
      fields: form.fields,
      files: Object.fromEntries(Object.entries(form.files).map(([k, v]) => [k, v.toString('latin1')])),
    };
  });
  await app.ready();
});
afterAll(() => app.close());

function send(body: { payload: Buffer | string; headers: Record<string, string> }) {
  return app.inject({ method: 'POST', url: '/form', headers: body.headers, payload: body.payload });
}

describe('readMultipartForm', () => {
  it('reads text fields and files, each within its own limit; drops unknown text fields', async () => {
    const res = await send(
      multipartForm(
        { name: 'Ann', about: 'Hi there', other: 'dropped' },
        { small: { data: Buffer.alloc(10, 'a') }, big: { data: Buffer.alloc(100, 'b') } },
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fields: { name: 'Ann', about: 'Hi there' }, files: { small: 'a'.repeat(10), big: 'b'.repeat(100) } });
  });

  it('treats an empty file part as absent', async () => {
    const res = await send(multipartForm({ name: 'Ann' }, { small: { data: Buffer.alloc(0) } }));
    expect(res.json()).toEqual({ fields: { name: 'Ann' }, files: {} });
  });

  it('answers 413 with the file’s own message as soon as a file passes its limit', async () => {
    const small = await send(multipartForm({}, { small: { data: Buffer.alloc(11, 'a') } }));
    expect(small.statusCode).toBe(413);
    expect(small.json()).toMatchObject({ message: 'Small is too large', code: 'payload_too_large' });
    const big = await send(multipartForm({}, { big: { data: Buffer.alloc(101, 'b') } }));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Big is too large');
  });

  it('answers 400 for a body cut short', async () => {
    const full = multipartForm({ name: 'Ann' }, { big: { data: Buffer.alloc(80, 'b') } });
    for (const cut of [full.payload.length - 10, full.payload.length - 60, 40]) {
      const res = await send({ headers: full.headers, payload: full.payload.subarray(0, cut) });
      expect(res.statusCode, `cut at ${cut}`).toBe(400);
      expect(res.json()).toMatchObject({ message: MULTIPART_MESSAGES.incomplete });
    }
  });

  it('refuses unexpected and repeated file fields, repeated text fields', async () => {
    const unexpected = await send(multipartForm({}, { avatar: { data: Buffer.from('x') } }));
    expect(unexpected.statusCode).toBe(400);
    expect(unexpected.json().message).toBe(MULTIPART_MESSAGES.unexpectedFile('avatar'));
    const boundary = 'XyZ';
    const part = (name: string, file?: boolean) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="a.png"\r\nContent-Type: image/png' : ''}\r\n\r\nabc\r\n`;
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const twiceFile = await send({ headers, payload: part('small', true) + part('small', true) + `--${boundary}--\r\n` });
    expect(twiceFile.statusCode).toBe(400);
    expect(twiceFile.json().message).toBe(MULTIPART_MESSAGES.duplicate('small'));
    const twiceField = await send({ headers, payload: part('name') + part('name') + `--${boundary}--\r\n` });
    expect(twiceField.statusCode).toBe(400);
    expect(twiceField.json().message).toBe(MULTIPART_MESSAGES.duplicate('name'));
  });

  it('bounds the number of fields, the length of a field and the declared body size', async () => {
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, 'x']));
    expect((await send(multipartForm(many))).statusCode).toBe(413);
    const long = await send(multipartForm({ name: 'x'.repeat(51) }));
    expect(long.statusCode).toBe(413);
    expect(long.json().message).toBe(MULTIPART_MESSAGES.fieldTooLong);
    const form = multipartForm({ name: 'Ann' });
    const declared = await app.inject({
      method: 'POST',
      url: '/form',
      headers: { ...form.headers, 'content-length': String(10 * 1024 * 1024) },
      payload: form.payload,
    });
    expect(declared.statusCode).toBe(413);
  });

  it('answers 415 for a body that is not multipart', async () => {
    const res = await app.inject({ method: 'POST', url: '/form', payload: { name: 'Ann' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(MULTIPART_MESSAGES.notMultipart);
  });
});
