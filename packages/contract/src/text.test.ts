import { describe, expect, it } from 'vitest';
import { personName, requiredMultilineText, requiredText } from './common';
import {
  findInvalidText,
  INVALID_TEXT_MESSAGE,
  isCleanText,
  NAME_NEEDS_LETTER_MESSAGE,
  SINGLE_LINE_TEXT_MESSAGE,
} from './text';

describe('clean text', () => {
  it('refuses NUL and unpaired surrogates, and takes any other Unicode', () => {
    for (const bad of ['\u0000', 'a\u0000b', 'X\ud800', '\udc00X', '\ud800\ud800\udc00', 'a\udbffb']) {
      expect(isCleanText(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const good of [
      '',
      'Adaeze Okafor',
      'Ọ̀ṣọ́ Ìbàdàn',
      '😀 \u200b\u202e',
      '\ud83d\ude00',
      '\u0001\u007f',
    ]) {
      expect(isCleanText(good), JSON.stringify(good)).toBe(true);
    }
  });

  it('names the path of the first bad string in a request part', () => {
    expect(findInvalidText({ label: 'Bed 1', notes: ['ok', 'a\u0000b'] })).toEqual(['notes', 1]);
    expect(findInvalidText({ days: [{ day: 'Monday', from: 'X\ud800' }] })).toEqual(['days', 0, 'from']);
    expect(findInvalidText('\u0000')).toEqual([]);
    expect(findInvalidText({ 'a\u0000': 1 })).toEqual([]);
    expect(findInvalidText({ label: 'Bed 1', count: 3, ok: true, none: null })).toBeUndefined();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'a\u0000b';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findInvalidText({ label: deep })?.length).toBe(200_001);
  });

  it('gives forms the server message for required text fields', () => {
    const result = requiredText('Label is required').safeParse('Bed\u0000');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(INVALID_TEXT_MESSAGE);
  });
});

describe('single-line text and names', () => {
  const messages = (schema: ReturnType<typeof requiredText>, value: string) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  it('refuses control and format characters: direction overrides, zero-width, escapes, line breaks', () => {
    const title = requiredText('Title is required');
    for (const bad of [
      'Gr\u202eace',
      'A\u200bB',
      '\u001b[31mred',
      'two\nlines',
      'tab\there',
      'soft\u00adhyphen',
    ]) {
      expect(messages(title, bad), JSON.stringify(bad)).toEqual([SINGLE_LINE_TEXT_MESSAGE]);
    }
    expect(messages(title, 'Ọ̀ṣọ́ Ìbàdàn 😀')).toEqual([]);
  });

  it('stores text in NFC: one spelling whatever keyboard typed it', () => {
    expect(requiredText('x').parse('Cafe\u0301')).toBe('Caf\u00e9');
  });

  it('wants a letter in a name, of any script', () => {
    const name = personName('Name is required');
    expect(messages(name, '\u200b')).toContain(SINGLE_LINE_TEXT_MESSAGE);
    expect(messages(name, '- .')).toEqual([NAME_NEEDS_LETTER_MESSAGE]);
    for (const good of ["O'Brien-Smith", 'Ngozi', 'Ìyábọ̀', '李雷', 'محمد'])
      expect(messages(name, good)).toEqual([]);
  });

  it('lets multi-line fields keep their line breaks', () => {
    expect(requiredMultilineText('Reason is required').parse('Paid twice.\nRefund by transfer.')).toContain(
      '\n',
    );
  });
});
