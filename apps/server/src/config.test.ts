import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { acquireDataDirLock, DataDirLockedError } from './db/lock';

describe('loadConfig', () => {
  it('defaults to the embedded database with demo data', () => {
    const config = loadConfig({ INIT_CWD: '/srv/carepoint' });
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/carepoint/data',
      demoData: true,
      cookieSecure: false,
    });
  });
  it('resolves a relative DATA_DIR from where npm was run, and keeps an absolute one', () => {
    expect(loadConfig({ INIT_CWD: '/srv/carepoint', DATA_DIR: 'var/db' }).DATA_DIR).toBe(
      '/srv/carepoint/var/db',
    );
    expect(loadConfig({ INIT_CWD: '/srv/carepoint', DATA_DIR: '/var/lib/carepoint' }).DATA_DIR).toBe(
      '/var/lib/carepoint',
    );
  });
  it('turns demo data off by default on a PostgreSQL server, and secure cookies on in production', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db/carepoint', NODE_ENV: 'production' });
    expect(config).toMatchObject({ demoData: false, cookieSecure: true });
  });
  it('serves the API documentation outside production unless API_DOCS says otherwise', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'maybe' })).toThrowError(/API_DOCS: must be true or false/);
  });
  it('treats an empty variable as not set', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PORT).toBe(3000);
  });
  it('lists every bad variable in one readable error', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', TIME_ZONE: 'Mars/Base' })).toThrowError(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', TIME_ZONE: 'Mars/Base' });
    } catch (error) {
      const text = (error as Error).message;
      expect(text).toContain('PORT: must be a port number');
      expect(text).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
      expect(text).toContain('TIME_ZONE: must be an IANA time zone');
    }
  });
});

describe('data directory lock', () => {
  it('refuses a second owner while the first holds it, and frees it on release', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-lock-'));
    const release = acquireDataDirLock(dir);
    // A lock held by another live process (pid 1 always exists) is refused with a clear message.
    fs.writeFileSync(path.join(dir, 'carepoint.lock'), '1');
    expect(() => acquireDataDirLock(dir)).toThrowError(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrowError(/in use by another CarePoint process \(pid 1\)/);
    release();
    const again = acquireDataDirLock(dir);
    again();
    fs.rmSync(dir, { recursive: true });
  });
  it('takes over a stale lock left by a process that has exited', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-lock-'));
    fs.writeFileSync(path.join(dir, 'carepoint.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'carepoint.lock'), 'utf8')).toBe(String(process.pid));
    release();
    fs.rmSync(dir, { recursive: true });
  });
});
