import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
    const config = loadConfig({
      DATABASE_URL: 'postgres://db/carepoint',
      NODE_ENV: 'production',
      TOTP_ENCRYPTION_KEY: 'k'.repeat(32),
    });
    expect(config).toMatchObject({ demoData: false, cookieSecure: true });
  });
  it('serves the API documentation outside production unless API_DOCS says otherwise', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', TOTP_ENCRYPTION_KEY: 'k'.repeat(32) }).apiDocs).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', TOTP_ENCRYPTION_KEY: 'k'.repeat(32), API_DOCS: 'on' }).apiDocs,
    ).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'maybe' })).toThrowError(/API_DOCS: must be true or false/);
  });
  it('loads demo data in production only when asked, even on the embedded database', () => {
    expect(loadConfig({ NODE_ENV: 'production', TOTP_ENCRYPTION_KEY: 'k'.repeat(32) }).demoData).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', TOTP_ENCRYPTION_KEY: 'k'.repeat(32), DEMO_DATA: 'true' }).demoData,
    ).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demoData).toBe(true);
  });
  it('logs at info, and nothing under NODE_ENV=test unless LOG_LEVEL asks', () => {
    expect(loadConfig({}).LOG_LEVEL).toBe('info');
    expect(loadConfig({ NODE_ENV: 'test' }).LOG_LEVEL).toBe('silent');
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).LOG_LEVEL).toBe('debug');
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

describe('two-factor settings', () => {
  const key = 'k'.repeat(32);
  it('requires TOTP_ENCRYPTION_KEY in production, and leaves it to the database otherwise', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /TOTP_ENCRYPTION_KEY: required in production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', TOTP_ENCRYPTION_KEY: key }).totpEncryptionKey).toBe(key);
    // lib/stored-secrets.ts supplies the key kept in the database (stored-secrets.test.ts).
    expect(loadConfig({}).totpEncryptionKey).toBeUndefined();
    expect(() => loadConfig({ TOTP_ENCRYPTION_KEY: 'short' })).toThrow(/at least 32 characters/);
  });
  it('requires a second factor of admins in production and of no role elsewhere, unless MFA_REQUIRED_ROLES says', () => {
    expect(loadConfig({ NODE_ENV: 'production', TOTP_ENCRYPTION_KEY: key }).mfaRequiredRoles).toEqual([
      'admin',
    ]);
    expect(loadConfig({}).mfaRequiredRoles).toEqual([]);
    expect(loadConfig({ MFA_REQUIRED_ROLES: 'doctor, admin' }).mfaRequiredRoles).toEqual(['admin', 'doctor']);
    expect(
      loadConfig({ NODE_ENV: 'production', TOTP_ENCRYPTION_KEY: key, MFA_REQUIRED_ROLES: 'none' })
        .mfaRequiredRoles,
    ).toEqual([]);
    // Every role of the role map may be named, the nurse included; a role there is not, may not.
    expect(loadConfig({ MFA_REQUIRED_ROLES: 'nurse,admin' }).mfaRequiredRoles).toEqual(['admin', 'nurse']);
    expect(() => loadConfig({ MFA_REQUIRED_ROLES: 'admin,janitor' })).toThrow(
      /MFA_REQUIRED_ROLES: must be "none"/,
    );
  });
});
