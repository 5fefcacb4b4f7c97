import { describe, expect, it } from 'vitest';
import { hasOnlyAllowedCharacters, NOT_ALLOWED_CHARACTERS, optionalText, requiredText } from './common.ts';

describe('allowed characters', () => {
  it('refuses controls, DEL, C1, lone surrogates and noncharacters everywhere', () => {
    for (const bad of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f', '\ud800', '\udfff', '\ufffe', '\uffff']) {
      expect(hasOnlyAllowedCharacters(`a${bad}b`, 'line')).toBe(false);
      expect(hasOnlyAllowedCharacters(`a${bad}b`, 'free')).toBe(false);
    }
  });

  it('allows tab and line breaks only in free text', () => {
    for (const ws of ['\t', '\n', '\r\n']) {
      expect(hasOnlyAllowedCharacters(`a${ws}b`, 'free')).toBe(true);
      expect(hasOnlyAllowedCharacters(`a${ws}b`, 'line')).toBe(false);
    }
  });

  it('allows every other script, emoji and symbols', () => {
    expect(hasOnlyAllowedCharacters('Zoë Ñ 語 😀 — “quotes” & <tags>', 'line')).toBe(true);
  });

  it('is the message of the shared text schemas', () => {
    expect(requiredText(10, 'Required', 'Name').safeParse('a\u0000').error?.issues[0]?.message).toBe(NOT_ALLOWED_CHARACTERS);
    expect(optionalText(10, 'Note', 'free').safeParse('a\nb').success).toBe(true);
    expect(optionalText(10, 'Note').safeParse('a\nb').error?.issues[0]?.message).toBe(NOT_ALLOWED_CHARACTERS);
  });
});
