import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatElapsed } from './numbers';

describe('numbers written for people', () => {
  it('groups thousands with commas and shows no fractions in counts', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(12480)).toBe('12,480');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('writes sizes in KB below a megabyte, one decimal of MB below 100, whole MB above', () => {
    expect(formatBytes(10)).toBe('1 KB');
    expect(formatBytes(843_776)).toBe('824 KB');
    expect(formatBytes(1.25 * 1024 * 1024)).toBe('1.3 MB');
    expect(formatBytes(1500 * 1024 * 1024)).toBe('1,500 MB');
  });

  it('writes elapsed times in ms, seconds, or minutes and seconds', () => {
    expect(formatElapsed(850)).toBe('850 ms');
    expect(formatElapsed(4200)).toBe('4.2 s');
    expect(formatElapsed(125_000)).toBe('2 min 5 s');
  });
});
