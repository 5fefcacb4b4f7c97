import { describe, expect, it } from 'vitest';
import { asTemplateText, blanksIn, withStudent } from './templates.ts';

describe('template blanks', () => {
  it('puts the first name in every [student], whatever its case, and leaves other blanks', () => {
    expect(withStudent('[student] will say [sound]; [Student] self-corrects.', 'Ava')).toBe('Ava will say [sound]; Ava self-corrects.');
    expect(withStudent('[student] will say [sound].', undefined)).toBe('[student] will say [sound].');
    // A name is inserted as written, even with characters replace() would read as patterns.
    expect(withStudent('[student] reads.', "Jo$&'")).toBe("Jo$&' reads.");
  });

  it('lists each blank once, in order, across the texts', () => {
    expect(blanksIn('[student] says [sound] in [position] position', 'with [accuracy]% and [sound]')).toEqual(['[student]', '[sound]', '[position]', '[accuracy]']);
    expect(blanksIn('Ava says /s/ at 80%')).toEqual([]);
    // Not a blank: nested or empty brackets and text over a line break.
    expect(blanksIn('[] and [a\nb] and [[x]]')).toEqual(['[x]']);
  });
});

describe('a goal worded as a template', () => {
  it('turns the first name, as a whole word, into [student]', () => {
    expect(asTemplateText('Ava will say /s/; Ava’s peers model it. Avalon and AVA stay.', 'Ava')).toBe('[student] will say /s/; [student]’s peers model it. Avalon and AVA stay.');
    expect(asTemplateText('José reads (aloud).', 'José')).toBe('[student] reads (aloud).');
    expect(asTemplateText('A.J. reads; AxJx does not.', 'A.J.')).toBe('[student] reads; AxJx does not.');
    expect(asTemplateText('Ava reads.', undefined)).toBe('Ava reads.');
  });
});
