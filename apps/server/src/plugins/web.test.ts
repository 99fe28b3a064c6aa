import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/helpers';
import { COMPRESS_THRESHOLD } from './compression';

/*
 * The built web app as the server sends it: the brotli or gzip copy the build wrote next to a
 * file, as the browser accepts; hashed assets cached for a year, index.html revalidated. And
 * API answers compressed on the fly above the threshold, never the live event stream.
 */

const ASSET = 'assets/index-Ab12Cd34.js';
const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
const html = `<!doctype html><html><head><script type="module" src="/${ASSET}"></script></head><body><div id="root"></div></body></html>\n`;
const landing = html.replace('<div id="root"></div>', '<div id="root"><h1>Better care</h1></div>');
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4 * COMPRESS_THRESHOLD, 'x')]);

let t: TestApp;
let webDist: string;

/** A build as apps/web/precompress.ts leaves it: each text file with its .br and .gz copies. */
function writeBuild(dir: string) {
  fs.mkdirSync(path.join(dir, 'assets'));
  for (const [file, text] of [
    [ASSET, script],
    ['index.html', html],
    ['landing.html', landing],
  ] as const) {
    fs.writeFileSync(path.join(dir, file), text);
    fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(text));
  }
  // A file the build did not compress (too small to gain): sent as it is.
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n');
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-web-'));
  writeBuild(webDist);
  t = await createTestApp({
    env: { WEB_DIST: webDist },
    extend(app) {
      const big = { items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Patient ${i}` })) };
      const open = { config: { access: 'public' as const } };
      app.get('/api/test/big', open, async () => big);
      app.get('/api/test/small', open, async () => ({ ok: true }));
      app.get('/api/auth/test-big', open, async () => big);
      app.get('/api/test/document.pdf', open, async (_request, reply) =>
        reply.type('application/pdf').send(pdf),
      );
      app.get('/api/test/blob', open, async (_request, reply) =>
        reply.type('application/octet-stream').send(pdf),
      );
    },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the built web app', () => {
  it('sends the brotli copy to a browser that accepts it, gzip to one that accepts only gzip, else the file', async () => {
    const br = await get(`/${ASSET}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get(`/${ASSET}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get(`/${ASSET}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    // The brotli copy really is smaller: that is the point.
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    for (const res of [br, gz, plain]) expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('caches hashed assets for a year, immutable, and answers 304 to a matching ETag', async () => {
    const first = await get(`/${ASSET}`, { 'accept-encoding': 'br' });
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(first.headers.etag);
    expect(etag).not.toBe('undefined');

    const again = await get(`/${ASSET}`, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    // The gzip copy is another representation: another ETag, so a cache never mixes them up.
    const gz = await get(`/${ASSET}`, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers.etag).not.toBe(etag);
  });

  it('sends the prerendered landing page for / and the empty shell for every other page', async () => {
    for (const [url, page] of [
      ['/', landing],
      ['/?from=mail#services', landing],
      ['/login', html],
      ['/about', html],
    ] as const) {
      const res = await get(url, { 'accept-encoding': 'gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.gunzipSync(res.rawPayload).toString(), url).toBe(page);
    }
  });

  it('revalidates index.html (no-cache), compressed, also as the fallback of a client route', async () => {
    for (const url of ['/login', '/doctor/patients?page=2']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);
      const again = await get(url, {
        'accept-encoding': 'br, gzip',
        'if-none-match': String(res.headers.etag),
      });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('does not answer /metrics with its page when metrics are not configured: a scraper sees 404', async () => {
    for (const url of ['/metrics', '/metrics?x=1']) {
      const res = await get(url, { 'accept-encoding': 'gzip' });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('sends a file without compressed copies as it is', async () => {
    const res = await get('/robots.txt', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('User-agent: *\n');
  });

  it('does not serve the compressed copies at addresses of their own', async () => {
    for (const url of [`/${ASSET}.br`, '/index.html.gz']) {
      expect((await get(url, { 'accept-encoding': 'br, gzip' })).statusCode, url).toBe(404);
    }
  });
});

describe('API answers', () => {
  it('are compressed above the threshold, as the client accepts', async () => {
    const br = await get('/api/test/big', { 'accept-encoding': 'br, gzip' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-store');
    const body = zlib.brotliDecompressSync(br.rawPayload);
    expect(body.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(JSON.parse(body.toString()).items).toHaveLength(100);

    const gz = await get('/api/test/big', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString()).items).toHaveLength(100);

    const plain = await get('/api/test/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().items).toHaveLength(100);
  });

  it('are sent as they are below the threshold', async () => {
    const res = await get('/api/test/small', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ ok: true });
  });

  it('are never compressed under /api/auth (the login answer carries the session token)', async () => {
    const res = await get('/api/auth/test-big', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().items).toHaveLength(100);
  });

  it('leave binary downloads (PDF, octet-stream) uncompressed', async () => {
    for (const url of ['/api/test/document.pdf', '/api/test/blob']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.rawPayload.equals(pdf), url).toBe(true);
    }
  });

  it('never compress the live event stream: events arrive as they are sent', async () => {
    const { headers } = await signedIn(t, 'admin');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const first = await new Promise<{ encoding: string | undefined; text: string }>((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port: address.port,
          path: '/api/admin/events',
          headers: { ...headers, 'accept-encoding': 'br, gzip' },
        },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            resolve({ encoding: res.headers['content-encoding'], text: chunk.toString() });
            request.destroy();
          });
        },
      );
      request.on('error', reject);
    });
    expect(first.encoding).toBeUndefined();
    expect(first.text).toContain('event: ready');
  });
});
