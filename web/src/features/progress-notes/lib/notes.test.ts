import { describe, expect, it } from 'vitest';
import { plainText, preview } from '../../../components/rich-text/plain-text.ts';
import { note } from '../test/fixtures.ts';
import { bulkOutcome, defaultPeriod, filterNotes, listNotes, noNoteFilters, suggestedPeriod, validatePeriod } from './notes.ts';

describe('reporting period', () => {
  it('defaults to one month ago through today', () => {
    expect(defaultPeriod(new Date(2026, 2, 31))).toEqual({ start: '2026-02-28', end: '2026-03-31' });
    expect(defaultPeriod(new Date(2026, 0, 15))).toEqual({ start: '2025-12-15', end: '2026-01-15' });
  });

  it('suggests the current reporting period, else a month to today that starts after the last note ended', () => {
    const today = new Date(2026, 2, 31);
    const fall = { start: '2026-01-05', end: '2026-04-10' };
    expect(suggestedPeriod(today, fall, '2026-03-30')).toEqual(fall);
    expect(suggestedPeriod(today, null, undefined)).toEqual({ start: '2026-02-28', end: '2026-03-31' });
    expect(suggestedPeriod(today, null, '2026-02-27')).toEqual({ start: '2026-02-28', end: '2026-03-31' });
    // The last note ended on the default start: the period starts the day after, never on it.
    expect(suggestedPeriod(today, null, '2026-02-28')).toEqual({ start: '2026-03-01', end: '2026-03-31' });
    expect(suggestedPeriod(today, null, '2026-03-15')).toEqual({ start: '2026-03-16', end: '2026-03-31' });
    // A note ending today or later: the next period starts the day after it, for a month.
    expect(suggestedPeriod(today, null, '2026-03-31')).toEqual({ start: '2026-04-01', end: '2026-05-01' });
  });

  it("uses the spec's titles and texts", () => {
    const both = { title: 'Invalid dates', description: 'Please select both start and end dates for the reporting period.' };
    expect(validatePeriod({ start: '', end: '2026-03-01' })).toEqual(both);
    expect(validatePeriod({ start: '2026-03-01', end: '' })).toEqual(both);
    const order = { title: 'Invalid date range', description: 'End date must be after start date.' };
    expect(validatePeriod({ start: '2026-03-02', end: '2026-03-01' })).toEqual(order);
    expect(validatePeriod({ start: '2026-03-01', end: '2026-03-01' })).toEqual(order);
    expect(validatePeriod({ start: '2026-02-01', end: '2026-03-01' })).toBeNull();
  });
});

describe('bulk outcome', () => {
  const error = (message: string) => ({ clientId: 'c', clientName: 'Maya R.', error: message });

  it('reports a full success with the count', () => {
    expect(bulkOutcome({ successCount: 3, errorCount: 0, errors: [] })).toEqual({
      type: 'success',
      title: 'Progress notes generated',
      description: 'Successfully generated 3 progress notes.',
    });
    expect(bulkOutcome({ successCount: 1, errorCount: 0, errors: [] }).description).toBe('Successfully generated 1 progress note.');
  });

  it('states how many were generated and how many failed on a partial success', () => {
    const outcome = bulkOutcome({ successCount: 2, errorCount: 1, errors: [error('Model timed out')] });
    expect(outcome.type).toBe('warning');
    expect(outcome.description).toBe('Generated 2 progress notes; 1 failed.');
  });

  it("says 'Generation failed' with the first error, or 'Unknown error'", () => {
    expect(bulkOutcome({ successCount: 0, errorCount: 2, errors: [error('Throttled'), error('Other')] })).toEqual({
      type: 'error',
      title: 'Generation failed',
      description: 'Throttled',
    });
    expect(bulkOutcome({ successCount: 0, errorCount: 1, errors: [] }).description).toBe('Unknown error');
  });

  it('mentions clients skipped because they already had a note', () => {
    expect(bulkOutcome({ successCount: 1, errorCount: 0, skippedCount: 2, errors: [] }).description).toBe(
      'Successfully generated 1 progress note. 2 skipped (they already had a note for this period).',
    );
    expect(bulkOutcome({ successCount: 0, errorCount: 0, skippedCount: 2, errors: [] }).title).toBe('No new progress notes');
  });
});

describe('note list', () => {
  const clients = new Map([[note(1).clientId, { name: 'Maya R.', organizationId: 'org-1' }]]);

  it("names a note's client, or 'Unknown Client', newest first", () => {
    const listed = listNotes([note(1), note(2, { clientId: 'gone' })], clients, plainText);
    expect(listed.map((l) => l.clientName)).toEqual(['Unknown Client', 'Maya R.']);
  });

  it('filters by text, client, organization and status', () => {
    const listed = listNotes([note(1), note(2, { status: 'updated', content: '<p>Fluency improved</p>' })], clients, plainText);
    expect(filterNotes(listed, { ...noNoteFilters, search: 'fluency' })).toHaveLength(1);
    expect(filterNotes(listed, { ...noNoteFilters, search: 'maya' })).toHaveLength(2);
    expect(filterNotes(listed, { ...noNoteFilters, status: 'updated' })).toHaveLength(1);
    expect(filterNotes(listed, { ...noNoteFilters, organizationId: 'org-2' })).toHaveLength(0);
    expect(filterNotes(listed, { ...noNoteFilters, clientId: note(1).clientId })).toHaveLength(2);
  });
});

describe('plain text', () => {
  it('strips markup, decodes entities and separates blocks', () => {
    expect(plainText('<h2>Goals</h2><p>Maya &amp; Liam<br>did <strong>well</strong></p><ul><li>one</li><li>two</li></ul>')).toBe(
      'Goals Maya & Liam did well one two',
    );
    expect(plainText('<p></p>')).toBe('');
    expect(preview(`<p>${'a'.repeat(160)}</p>`, 150)).toBe(`${'a'.repeat(150)}...`);
    expect(preview('<p>short</p>', 150)).toBe('short');
  });
});
