import { SESSION_MESSAGES } from '@carepoint/contract';
import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent';

describe('describeUserAgent', () => {
  it('names the browser, its major version and the system', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 131 on Windows');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 on iOS');
  });

  it('says so when there is no user agent or it names no browser', () => {
    expect(describeUserAgent(undefined)).toBe(SESSION_MESSAGES.unknownDevice);
    expect(describeUserAgent('')).toBe(SESSION_MESSAGES.unknownDevice);
    expect(describeUserAgent('curl/8.5.0\u0000')).toBe(SESSION_MESSAGES.unknownDevice);
  });
});
