import { describe, expect, it } from 'vitest';
import { goalTypes } from '@caseload/contract/enums';
import { goalTemplate, goalTemplateBody } from '@caseload/contract/goal-bank';
import { safeParseStrict } from '@caseload/contract/strict';
import { matchesQuery } from './service.ts';
import { caseloadTemplates, criterion } from './templates.ts';

const MIN_PER_TYPE = 5;

describe("Caseload's goal bank", () => {
  it('holds at least 60 templates with unique, readable ids', () => {
    expect(caseloadTemplates.length).toBeGreaterThanOrEqual(60);
    const ids = caseloadTemplates.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+-\d{2}$/);
  });

  it.each(goalTypes)('has several %s templates', (type) => {
    expect(caseloadTemplates.filter((t) => t.type === type).length).toBeGreaterThanOrEqual(MIN_PER_TYPE);
  });

  it('gives every template a body an account could save, and an answer the route may send', () => {
    for (const t of caseloadTemplates) {
      const { id: _id, source, ...body } = t;
      expect(source).toBe('caseload');
      expect(goalTemplateBody.safeParse(body).error?.issues ?? [], t.id).toEqual([]);
      expect(safeParseStrict(goalTemplate, t).error?.issues ?? [], t.id).toEqual([]);
    }
  });

  it('writes every description about [student], with a measure, and names unique', () => {
    for (const t of caseloadTemplates) {
      expect(t.description, t.id).toContain('[student]');
      expect(t.description, t.id).toMatch(/\[accuracy\]%/);
      // Blanks are words in square brackets, never left half-open.
      expect(t.description.match(/\[[^\]]*\]/g)?.every((blank) => /^\[[a-zA-Z -]+\]$/.test(blank)), t.id).toBe(true);
      expect(t.description.split('[').length, t.id).toBe(t.description.split(']').length);
    }
    const names = caseloadTemplates.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives every template a default criterion that its wording states', () => {
    for (const t of caseloadTemplates) {
      expect(t.criterionAccuracy, t.id).toBeGreaterThanOrEqual(50);
      expect(t.criterionSessions, t.id).toBeGreaterThanOrEqual(2);
      expect(t.targetCriteria, t.id).toContain(`${t.criterionAccuracy}%`);
      expect(t.targetCriteria, t.id).toContain(`${t.criterionSessions} consecutive sessions`);
    }
  });
});

describe('criterion wording', () => {
  it('states the accuracy, the sessions and the most support counted', () => {
    expect(criterion(80, 3, 'verbal')).toEqual({
      targetCriteria: '80% accuracy across 3 consecutive sessions, with no more than verbal cues',
      criterionAccuracy: 80,
      criterionSessions: 3,
      criterionMaxCue: 'verbal',
    });
    expect(criterion(90, 2, 'independent', 'of opportunities').targetCriteria).toBe('90% of opportunities across 2 consecutive sessions, independently');
    expect(criterion(75, 4)).toEqual({ targetCriteria: '75% accuracy across 4 consecutive sessions', criterionAccuracy: 75, criterionSessions: 4 });
  });
});

describe('bank search', () => {
  const template = caseloadTemplates.find((t) => t.id === 'flu-02')!;
  it('filters by type and by a case- and accent-insensitive part of the name or description', () => {
    expect(matchesQuery(template, {})).toBe(true);
    expect(matchesQuery(template, { type: 'fluency' })).toBe(true);
    expect(matchesQuery(template, { type: 'voice' })).toBe(false);
    expect(matchesQuery(template, { search: 'EASY ONS' })).toBe(true);
    expect(matchesQuery(template, { search: 'gentle' })).toBe(true);
    expect(matchesQuery(template, { search: 'éasy' })).toBe(true);
    expect(matchesQuery(template, { search: 'lisp' })).toBe(false);
    expect(matchesQuery(template, { type: 'voice', search: 'easy' })).toBe(false);
  });

  it('finds a sound between slashes in every template that leaves its sound blank, and in text that names it', () => {
    const words = caseloadTemplates.find((t) => t.id === 'artic-03')!;
    expect(words.description).toContain('[sound]');
    expect(matchesQuery(words, { search: '/r/' })).toBe(true);
    expect(matchesQuery(words, { search: ' /R/  words ' })).toBe(true);
    expect(matchesQuery(words, { search: '/r/ stuttering' })).toBe(false);
    // A fluency template has no sound to fill in.
    expect(matchesQuery(template, { search: '/r/' })).toBe(false);
    const own = { ...template, id: 'own', source: 'account' as const, name: 'Vocalic /r/ in reading', description: 'Reads /r/ words' };
    expect(matchesQuery(own, { search: '/r/' })).toBe(true);
    expect(matchesQuery(own, { search: '/s/' })).toBe(false);
  });
});
