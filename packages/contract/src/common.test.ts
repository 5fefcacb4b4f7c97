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

describe('the date window', () => {
  it('accepts 2000-01-01..2100-12-31 and refuses every date outside, with one message', async () => {
    const { isoDate, isoDateTime, DATE_OUT_OF_RANGE } = await import('./common.ts');
    for (const ok of ['2000-01-01', '2026-09-01', '2100-12-31']) expect(isoDate.safeParse(ok).success).toBe(true);
    for (const bad of ['0001-01-01', '0098-01-05', '1901-12-31', '1999-12-31', '2101-01-01', '9999-12-31']) {
      expect(isoDate.safeParse(bad).error?.issues[0]?.message).toBe(DATE_OUT_OF_RANGE);
    }
    expect(isoDateTime.safeParse('2026-09-01T15:30:00Z').success).toBe(true);
    expect(isoDateTime.safeParse('0001-01-01T00:00:00Z').error?.issues[0]?.message).toBe(DATE_OUT_OF_RANGE);
  });

  it('counts the 12-month limit on the date itself, never reading years 0-99 as 1900-1999', async () => {
    const { latestUntil } = await import('./school-year.ts');
    expect(latestUntil('2026-09-01')).toBe('2027-09-01');
    expect(latestUntil('2028-02-29')).toBe('2029-02-28');
    expect(latestUntil('0001-01-01')).toBe('0002-01-01');
    expect(latestUntil('0098-01-05')).toBe('0099-01-05');
  });
});

describe('invisible characters in names', () => {
  it('refuses bidi controls, direction marks and other invisible format characters', async () => {
    const { hasNoInvisibleFormatting } = await import('./common.ts');
    const invisible = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c', '\u200b', '\u2060', '\ufeff', '\u00ad', '\u{e0041}'];
    for (const c of invisible) expect(hasNoInvisibleFormatting(`An${c}na`), `U+${c.codePointAt(0)!.toString(16)}`).toBe(false);
  });

  it('keeps ZWNJ and ZWJ only between letters or marks, where names need them', async () => {
    const { hasNoInvisibleFormatting } = await import('./common.ts');
    for (const ok of ['علی‌رضا', 'ශ්‍රී', 'क्‍ष', 'Zoë', 'Zoe\u0308', 'José María', 'Nguyễn', '김민준', '王小明', 'Ольга', 'שרה', "O'Brien-Smith"]) {
      expect(hasNoInvisibleFormatting(ok), ok).toBe(true);
    }
    for (const bad of ['\u200cAnn', 'Ann\u200d', 'Ann \u200c Lee', 'A\u200c\u200dB', '1\u200d2', '👩\u200d💻']) expect(hasNoInvisibleFormatting(bad), bad).toBe(false);
  });

  it('is the rule of name schemas only, with the label in its message', async () => {
    const { requiredText, optionalText, invisibleCharactersMessage } = await import('./common.ts');
    expect(requiredText(100, 'First name is required', 'First name', 'name').safeParse('Ann\u202eeL').error?.issues[0]?.message).toBe(
      invisibleCharactersMessage('First name'),
    );
    expect(invisibleCharactersMessage('First name')).toBe('First name cannot contain invisible or text-direction characters');
    expect(optionalText(100, 'Teacher/Classroom', 'name').safeParse('Room\u200b5').success).toBe(false);
    // Free text keeps direction marks (a note quoting Arabic and English legitimately has them).
    expect(requiredText(100, 'Note', 'Note', 'free').safeParse('said \u200fمرحبا\u200f today').success).toBe(true);
  });
});
