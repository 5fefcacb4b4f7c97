import { describe, expect, it } from 'vitest';
import type { SessionItem } from '../items.ts';
import { buildLines, cosignedState, cptFor, noteKey, serviceLogCsv } from './lines.ts';

const signer = (role: 'slp' | 'assistant' | 'admin') => ({ userId: '00000000-0000-4000-8000-000000000001', name: 'S', role, at: '2026-09-01T12:00:00.000Z' });

describe('the CPT code', () => {
  it('is 92507 for one student present and 92508 for two or more', () => {
    expect([1, 2, 3, 30].map(cptFor)).toEqual(['92507', '92508', '92508', '92508']);
  });
});

describe('the co-signed state', () => {
  it.each([
    ['unsigned, assistant provider', undefined, 'assistant', 'no'],
    ['unsigned, SLP provider', undefined, 'slp', 'not_needed'],
    ['unsigned, admin provider', {}, 'admin', 'not_needed'],
    ['signed by an assistant', { signature: signer('assistant') }, 'assistant', 'no'],
    ['signed by an assistant and co-signed', { signature: signer('assistant'), cosignature: signer('slp') }, 'assistant', 'yes'],
    ['signed by an SLP', { signature: signer('slp') }, 'slp', 'not_needed'],
    ['signed by an admin for an assistant-provided session', { signature: signer('admin') }, 'assistant', 'not_needed'],
  ] as const)('%s: %s', (_what, note, providerRole, expected) => {
    expect(cosignedState(note, providerRole)).toBe(expected);
  });
});

describe('lines', () => {
  const session = (participants: Record<string, 'present' | 'absent'>, status: SessionItem['status'] = 'completed'): SessionItem => ({
    id: 's1',
    accountId: 'a',
    sessionType: 'therapy',
    status,
    scheduledAt: '2026-09-06T01:30:00.000Z',
    duration: 45,
    providerId: 'u1',
    participants: Object.fromEntries(Object.entries(participants).map(([id, s]) => [id, { status: s, firstName: id, lastInitial: 'Z', addedAt: '2026-01-01T00:00:00.000Z', organizationId: 'orgA' }])),
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  });
  const inputs = (sessions: SessionItem[], canSee = (_org: string | undefined) => true) => ({
    sessions,
    clients: new Map([['c1', { id: 'c1', firstName: 'Ann', lastInitial: 'B', organizationId: 'orgA', icd10Codes: ['F80.0'], medicaidEligible: true }]]),
    users: new Map([['u1', { id: 'u1', firstName: 'Pat', lastName: 'Provider', role: 'assistant' as const }]]),
    notes: new Map([[noteKey('s1', 'c1'), { signature: signer('assistant') }]]),
    timeZone: 'America/New_York',
    canSee,
  });

  it('one per present participant of a completed session, in the zone\'s date; names from the client as it is now, else the session\'s copy', () => {
    const lines = buildLines(inputs([session({ c1: 'present', c2: 'present', c3: 'absent' })]));
    expect(lines.map((l) => [l.student, l.date, l.start, l.end, l.groupSize, l.cpt, l.signed, l.cosigned, l.icd10Codes, l.medicaidEligible])).toEqual([
      ['Ann B.', '2026-09-05', '21:30', '22:15', 2, '92508', true, 'no', ['F80.0'], true],
      ['c2 Z.', '2026-09-05', '21:30', '22:15', 2, '92508', false, 'no', [], false],
    ]);
  });

  it('none for a session that is not completed, or whose provider is unknown', () => {
    expect(buildLines(inputs([session({ c1: 'present' }, 'scheduled')]))).toEqual([]);
    expect(buildLines({ ...inputs([session({ c1: 'present' })]), users: new Map() })).toEqual([]);
  });

  it('leaves out participants the caller may not see, by the client\'s organization as it is now; the group size still counts them', () => {
    const base = inputs([session({ c1: 'present', c2: 'present' })], (org) => org === 'orgA');
    // c1 moved to orgB since the session (its copy in the session still says orgA); c2 has no item: its copy decides.
    const moved = { ...base, clients: new Map([['c1', { ...base.clients.get('c1')!, organizationId: 'orgB' }]]) };
    expect(buildLines(moved).map((l) => [l.clientId, l.groupSize, l.cpt])).toEqual([['c2', 2, '92508']]);
  });

  it("a signed line is its signature's facts, whatever the client and provider are now", () => {
    const facts = {
      date: '2026-09-05',
      start: '21:30',
      end: '22:15',
      timeZone: 'America/New_York',
      minutes: 45,
      sessionType: 'therapy' as const,
      providerId: '00000000-0000-4000-8000-000000000001',
      provider: 'Pat Former',
      providerRole: 'assistant' as const,
      student: 'Annie B.',
      attendance: 'present' as const,
      studentsPresent: 1,
      cpt: '92507' as const,
      icd10Codes: ['F80.9'],
      goals: [],
    };
    const base = inputs([session({ c1: 'present' })]);
    const [line] = buildLines({ ...base, notes: new Map([[noteKey('s1', 'c1'), { signature: { ...signer('assistant'), facts } }]]), users: new Map() });
    expect(line).toMatchObject({ student: 'Annie B.', provider: 'Pat Former', icd10Codes: ['F80.9'], cpt: '92507', groupSize: 1, signed: true, cosigned: 'no', medicaidEligible: true });
  });

  it('CSV: the header, then formula-safe cells', () => {
    const [line] = buildLines(inputs([session({ c1: 'present' })]));
    const csv = serviceLogCsv([{ ...line!, student: '+1 B.' }]);
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFDate,Student,Provider,Role,Start,End,Minutes,Group Size,CPT,ICD-10,Session Type,Signed,Co-signed',
      '"2026-09-05","\'+1 B.","Pat Provider","Assistant","21:30","22:15","45","1","92507","F80.0","Therapy","yes","no"',
      '',
    ]);
  });
});
