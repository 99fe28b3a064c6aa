import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { loadPinoPretty, loggingOptions } from './logger';

/** The logger options Fastify is given (not a logger instance: none is passed here). */
const loggerOf = (options: ReturnType<typeof loggingOptions>) => options.logger as { stream?: unknown };

const missing = (id: string) => {
  throw Object.assign(new Error(`Cannot find module '${id}'`), { code: 'MODULE_NOT_FOUND' });
};

describe('log lines', () => {
  it('are pretty in development when pino-pretty (a devDependency) is installed', () => {
    expect(loadPinoPretty()).toBeTypeOf('function');
    const options = loggingOptions(loadConfig({ NODE_ENV: 'development' }));
    expect(loggerOf(options).stream).toBeDefined();
  });

  it('are JSON in production, without loading pino-pretty', () => {
    let loaded = false;
    const options = loggingOptions(
      loadConfig({ NODE_ENV: 'production', TOTP_ENCRYPTION_KEY: 'k'.repeat(32) }),
      undefined,
      () => {
        loaded = true;
        return undefined;
      },
    );
    expect(loaded).toBe(false);
    expect(loggerOf(options).stream).toBeUndefined();
  });

  it('fall back to JSON, not a crash, when pino-pretty is not installed (a production install)', () => {
    expect(loadPinoPretty(missing)).toBeUndefined();
    const options = loggingOptions(loadConfig({ NODE_ENV: 'development' }), undefined, () =>
      loadPinoPretty(missing),
    );
    expect(loggerOf(options).stream).toBeUndefined();
    // Any other failure while loading it is still an error.
    const broken = () => {
      throw Object.assign(new Error("Cannot find module 'colorette'"), { code: 'MODULE_NOT_FOUND' });
    };
    expect(() => loadPinoPretty(broken)).toThrow('colorette');
  });
});
