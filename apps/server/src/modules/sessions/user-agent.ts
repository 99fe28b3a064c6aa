import { SESSION_MESSAGES } from '@carepoint/contract';
import Bowser from 'bowser';

/**
 * A user agent as a person recognises their device: "Chrome 131 on Windows", "Safari 17 on iOS".
 * Bowser (MIT, decision 0024) knows the browsers; only the major version is kept, since the
 * minor ones change every few weeks and tell the reader nothing.
 */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return SESSION_MESSAGES.unknownDevice;
  const { browser, os } = Bowser.parse(userAgent);
  if (!browser.name) return SESSION_MESSAGES.unknownDevice;
  const major = browser.version?.split('.')[0];
  const name = major ? `${browser.name} ${major}` : browser.name;
  return os.name ? `${name} on ${os.name}` : name;
}
