import { describe, expect, it } from 'vitest';
import { acct, entity, familyKeys, fileKeys, keys, normalizeEmail, normalizeOrganizationName, sortKeys } from './keys.ts';

describe('key builders', () => {
  it('puts every tenant item under ACCT#<accountId> on the table and on each index', () => {
    const a = 'a1';
    const tenantKeys = [
      keys.account(a).PK,
      keys.user(a, 'u').PK,
      keys.organization(a, 'o').PK,
      keys.organizationName(a, 'North').PK,
      keys.client(a, 'c').PK,
      keys.goal(a, 'g').PK,
      keys.goalIndex(a, 'c', 'g').GSI1PK,
      keys.session(a, 's').PK,
      keys.sessionIndex(a, '2026-01-01T09:00:00.000Z', 's').GSI2PK,
      keys.sessionProviderIndex(a, 'u', '2026-01-01T09:00:00.000Z', 's').GSI1PK,
      keys.sessionNote(a, 's', 'c').PK,
      keys.awaitingCosignatureIndex(a, 't', 's', 'c').GSI1PK,
      keys.progress(a, 's', 'g').PK,
      keys.progressIndex(a, 'c', 's', 'g', 't').GSI1PK,
      keys.progressIndex(a, 'c', 's', 'g', 't').GSI2PK,
      keys.progressNote(a, 'p').PK,
      keys.progressNoteIndex(a, 'c', 't', 'p').GSI2PK,
      keys.audit(a, 't', 'e').PK,
      keys.trustedDevice(a, 'u', 'd').PK,
      keys.counters(a, '2026-W01').PK,
      familyKeys.familyShare(a, 's').PK,
      familyKeys.familyShareIndex(a, 'p', 't', 's').GSI1PK,
      familyKeys.familyVisit(a, 'h').PK,
      familyKeys.noteTranslation(a, 'n', 'es').PK,
    ];
    for (const k of tenantKeys) expect(k.startsWith(`${acct(a)}`)).toBe(true);
  });

  it('keeps one account from matching another account whose id it prefixes', () => {
    expect(keys.client('ab', 'c').PK).toBe('ACCT#ab');
    expect(keys.sessionDocs('a', 's')).toBe('ACCT#a#SESSION#s');
    expect(keys.sessionDocs('a', 's')).not.toBe(keys.sessionDocs('ab', 's'));
  });

  it('sorts sessions and progress by time inside their index partitions', () => {
    const early = keys.sessionIndex('a', '2026-01-01T09:00:00.000Z', 'z').GSI2SK;
    const late = keys.sessionIndex('a', '2026-01-01T10:00:00.000Z', 'a').GSI2SK;
    expect(early < late).toBe(true);
    expect(keys.progressIndex('a', 'c', 's', 'g', '2026-02-01T00:00:00.000Z').GSI1SK).toBe('PROG#2026-02-01T00:00:00.000Z#g');
    // One provider's sessions by time, in that provider's own partition.
    const mine = keys.sessionProviderIndex('a', 'u', '2026-01-01T09:00:00.000Z', 's');
    expect(mine).toEqual({ GSI1PK: keys.sessionsOfProvider('a', 'u'), GSI1SK: '2026-01-01T09:00:00.000Z#s' });
    expect(keys.sessionsOfProvider('a', 'u')).not.toBe(keys.sessionsOfProvider('a', 'u2'));
  });

  it('normalizes e-mail addresses for uniqueness and lockout', () => {
    expect(normalizeEmail('  Ann.Lee@School.ORG ')).toBe('ann.lee@school.org');
    expect(keys.email('A@B.co')).toEqual(keys.email('a@b.co'));
    expect(keys.loginAttempts('X@Y.z').PK).toBe('LOGIN#x@y.z');
  });

  it('keys the SSO settings in the tenant and each claimed domain globally, case-insensitive', () => {
    expect(keys.ssoConfig('a')).toEqual({ PK: 'ACCT#a', SK: 'SSO' });
    expect(keys.ssoDomain(' District.ORG ')).toEqual({ PK: 'SSODOMAIN#district.org', SK: 'SSODOMAIN' });
    expect(entity.ssoConfig).toBe('SsoConfig');
    expect(entity.ssoDomain).toBe('SsoDomain');
  });

  it('keys one autosave target per (session, client) and (session, goal)', () => {
    expect(keys.sessionNote('a', 's', 'c')).toEqual({ PK: 'ACCT#a#SESSION#s', SK: 'NOTE#c' });
    expect(keys.progress('a', 's', 'g')).toEqual({ PK: 'ACCT#a#SESSION#s', SK: 'PROG#g' });
    expect(keys.progressNotePeriod('a', 'c', '2026-01-01', '2026-02-01').SK).toBe('PNOTEPERIOD#c#2026-01-01#2026-02-01');
  });

  it('keeps every client\'s note periods side by side in the account partition, apart from the other items', () => {
    const set = keys.notePeriods('a', 'c');
    const { PK, SKPrefix } = keys.notePeriodsPrefix('a');
    expect(set).toEqual({ PK: 'ACCT#a', SK: 'NPERIODS#c' });
    expect(set.PK).toBe(PK);
    expect(set.SK.startsWith(SKPrefix)).toBe(true);
    for (const other of [keys.progressNote('a', 'n'), keys.progressNotePeriod('a', 'c', '2026-01-01', '2026-02-01'), keys.reportingPeriods('a'), keys.client('a', 'c')]) {
      expect(other.SK.startsWith(SKPrefix)).toBe(false);
    }
    expect(keys.reportingPeriods('a')).toEqual({ PK: 'ACCT#a', SK: 'RPERIODS' });
  });

  it('lists notes awaiting co-signature in one account partition, oldest signature first', () => {
    const early = keys.awaitingCosignatureIndex('a', '2026-01-01T09:00:00.000Z', 's2', 'c');
    const late = keys.awaitingCosignatureIndex('a', '2026-01-02T09:00:00.000Z', 's1', 'c');
    expect(early).toEqual({ GSI1PK: keys.awaitingCosignature('a'), GSI1SK: '2026-01-01T09:00:00.000Z#s2#c' });
    expect(early.GSI1SK < late.GSI1SK).toBe(true);
    expect(keys.awaitingCosignature('a')).not.toBe(keys.awaitingCosignature('ab'));
    // Its own GSI1 family: no provider, client or audit partition is named COSIGN.
    expect(keys.awaitingCosignature('a')).toBe('ACCT#a#COSIGN');
  });

  it("lists a note's family shares in their own GSI1 partition, in the order they were made", () => {
    expect(familyKeys.familyShare('a', 's')).toEqual({ PK: 'ACCT#a', SK: 'FSHARE#s' });
    const early = familyKeys.familyShareIndex('a', 'n', '2026-01-01T09:00:00.000Z', 'z');
    const late = familyKeys.familyShareIndex('a', 'n', '2026-01-02T09:00:00.000Z', 'a');
    expect(early.GSI1PK).toBe(familyKeys.familySharesOfNote('a', 'n'));
    expect(early.GSI1SK < late.GSI1SK).toBe(true);
    expect(familyKeys.familySharesOfNote('a', 'n')).not.toBe(familyKeys.familySharesOfNote('a', 'n2'));
    // A family's visit is its own kind beside the share, never a login session.
    expect(familyKeys.familyVisit('a', 'h').SK).toBe('FVISIT#h');
    expect(familyKeys.familyVisit('a', 'h').PK).not.toBe(keys.loginSession('h').PK);
    expect(familyKeys.noteTranslation('a', 'n', 'es')).toEqual({ PK: 'ACCT#a', SK: 'NTRANS#n#es' });
  });

  it("keeps a delivered note's report parts in the note's own partition, inputs and PDF apart, in number order", () => {
    const first = keys.deliveredReportPart('a', 'n', 'PDF', 0);
    expect(first).toEqual({ PK: 'ACCT#a#REPORT#n', SK: 'PDF#0000' });
    expect(first.PK).toBe(keys.deliveredReport('a', 'n'));
    expect(keys.deliveredReport('a', 'n')).not.toBe(keys.deliveredReport('a', 'n2'));
    expect(keys.deliveredReportPart('a', 'n', 'INPUT', 2).SK).toBe('INPUT#0002');
    // Ten and more parts still sort after nine.
    expect(keys.deliveredReportPart('a', 'n', 'PDF', 9).SK < keys.deliveredReportPart('a', 'n', 'PDF', 10).SK).toBe(true);
    // Not the notes' time index, nor any session or client partition.
    expect(first.PK).not.toBe(keys.notesByTime('a'));
  });
});

describe('sortKeys', () => {
  it('reads back what the builders write', () => {
    const goal = keys.goalIndex('a', 'c', 'g');
    expect(goal.GSI1SK.startsWith(sortKeys.goals())).toBe(true);
    expect(sortKeys.isGoal(goal.GSI1SK)).toBe(true);
    const progress = keys.progressIndex('a', 'c', 's', 'g', '2026-03-02T10:00:00.000Z');
    const [from, to] = sortKeys.progressBetween('2026-03-01', '2026-03-03');
    expect(progress.GSI1SK > from && progress.GSI1SK < to).toBe(true);
    expect(sortKeys.isProgress(keys.progress('a', 's', 'g').SK)).toBe(true);
    expect(progress.GSI1SK.startsWith(sortKeys.progress())).toBe(true);
    expect([goal.GSI1SK, keys.progressNoteIndex('a', 'c', 't', 'n').GSI1SK].some((sk) => sk.startsWith(sortKeys.progress()))).toBe(false);
    expect(sortKeys.isSessionNote(keys.sessionNote('a', 's', 'c').SK)).toBe(true);
    expect(sortKeys.isSessionNote(keys.progress('a', 's', 'g').SK)).toBe(false);
    expect(keys.progressNoteIndex('a', 'c', 't', 'n').GSI1SK.startsWith(sortKeys.progressNotes())).toBe(true);
    expect(keys.loginSessionRef('a', 'u', 'h').SK.startsWith(sortKeys.loginSessions())).toBe(true);
    expect(keys.loginSessionRef('a', 'u', 'h').PK).toBe(keys.loginSessionRefs('a', 'u'));
    expect(sortKeys.counterOf(keys.counters('acc-1', 'ALL#D#2026-03-02'))).toEqual({ accountId: 'acc-1', period: 'ALL#D#2026-03-02' });
  });
});

describe("an organization's name guard", () => {
  it('is one key per account and case-insensitive, trimmed name, outside the organizations prefix', () => {
    expect(keys.organizationName('a', '  North   High ')).toEqual({ PK: 'ACCT#a', SK: 'ORGNAME#north high' });
    expect(keys.organizationName('a', 'NORTH HIGH')).toEqual(keys.organizationName('a', 'north high'));
    expect(keys.organizationName('a', 'José')).not.toEqual(keys.organizationName('a', 'Jose'));
    expect(keys.organizationName('ab', 'North').PK).not.toBe(keys.organizationName('a', 'North').PK);
    expect(keys.organizationName('a', 'North').SK.startsWith(keys.organizationPrefix('a').SKPrefix)).toBe(false);
    expect(normalizeOrganizationName('Ｎｏｒｔｈ')).toBe('north');
    expect(entity.organizationName).toBe('OrganizationName');
  });
});

describe("the account's goal templates", () => {
  it('live in the account partition under GTPL#, so the bank is one prefix Query of it', () => {
    const template = keys.goalTemplate('a', 't1');
    expect(template).toEqual({ PK: 'ACCT#a', SK: 'GTPL#t1' });
    expect(keys.goalTemplatePrefix('a')).toEqual({ PK: template.PK, SKPrefix: 'GTPL#' });
    expect(template.SK.startsWith(keys.goalTemplatePrefix('a').SKPrefix)).toBe(true);
    // No other item of the account partition starts with the prefix.
    for (const other of [keys.goal('a', 'g'), keys.user('a', 'u'), keys.client('a', 'c'), keys.organization('a', 'o'), keys.account('a'), keys.closures('a')]) {
      expect(other.SK.startsWith(keys.goalTemplatePrefix('a').SKPrefix)).toBe(false);
    }
    expect(keys.goalTemplate('ab', 't1').PK).not.toBe(template.PK);
    expect(entity.goalTemplate).toBe('GoalTemplate');
  });
});

describe('a client minutes partition', () => {
  it('orders attended sessions before the IEP set before make-ups, so one Query from DAY#<from> reads all three', () => {
    const [day, set, makeup] = [keys.attended('a', 'c', '2026-09-14', 's1'), keys.iepSet('a', 'c'), keys.makeup('a', 'c', 's')];
    expect(new Set([day.PK, set.PK, makeup.PK])).toEqual(new Set([keys.clientMinutes('a', 'c')]));
    expect(day.SK >= sortKeys.minutesFrom('2026-09-14') && sortKeys.minutesFrom('2026-09-15') > day.SK).toBe(true);
    expect([makeup.SK, set.SK, day.SK].sort()).toEqual([day.SK, set.SK, makeup.SK]);
    expect(set.SK > sortKeys.minutesFrom('9999-12-31')).toBe(true);
    expect(makeup.SK.startsWith(sortKeys.makeups())).toBe(true);
    expect(sortKeys.dateOfDay(day.SK)).toBe('2026-09-14');
    expect([sortKeys.isAttended(day.SK), sortKeys.isIepSet(set.SK), sortKeys.isMakeup(makeup.SK)]).toEqual([true, true, true]);
    // A day total of the ledger's first version is told apart (the v2 migration deletes it).
    expect([sortKeys.isAttended('DAY#2026-09-14'), sortKeys.isOldDayTotal('DAY#2026-09-14'), sortKeys.isOldDayTotal(day.SK)]).toEqual([false, true, false]);
  });
});

describe("the account's school years", () => {
  it('are one item of the account partition that no prefix Query of that partition reads', () => {
    const years = keys.schoolYears('a');
    expect(years).toEqual({ PK: 'ACCT#a', SK: 'SCHOOL_YEARS' });
    expect(years.SK).not.toBe(keys.closures('a').SK);
    const prefixes = [keys.userPrefix('a'), keys.organizationPrefix('a'), keys.clientPrefix('a'), keys.notePeriodsPrefix('a'), keys.goalTemplatePrefix('a')];
    for (const prefix of prefixes) expect(years.SK.startsWith(prefix.SKPrefix)).toBe(false);
    expect(keys.schoolYears('ab').PK).not.toBe(years.PK);
    expect(entity.schoolYears).toBe('SchoolYears');
  });
});

describe("a closed-days job", () => {
  it('is one item of its account partition, apart from bulk-note jobs and from every prefix Query of that partition', () => {
    const job = keys.closedDaysJob('a', 'j1');
    expect(job).toEqual({ PK: 'ACCT#a', SK: 'CDJOB#j1' });
    expect(keys.closedDaysJob('ab', 'j1').PK).not.toBe(job.PK);
    expect(job.SK).not.toBe(keys.bulkJob('a', 'j1').SK);
    expect(job.SK.startsWith(keys.bulkJob('a', '').SK)).toBe(false);
    const prefixes = [keys.userPrefix('a'), keys.organizationPrefix('a'), keys.clientPrefix('a'), keys.notePeriodsPrefix('a'), keys.goalTemplatePrefix('a')];
    for (const prefix of prefixes) expect(job.SK.startsWith(prefix.SKPrefix)).toBe(false);
    expect(entity.closedDaysJob).toBe('ClosedDaysJob');
  });
});

describe('an export job', () => {
  it('is one item of its account partition, apart from the other jobs and every prefix Query of that partition; its file is stored under the account', () => {
    const job = keys.exportJob('a', 'j1');
    expect(job).toEqual({ PK: 'ACCT#a', SK: 'EXPJOB#j1' });
    expect(keys.exportJob('ab', 'j1').PK).not.toBe(job.PK);
    for (const other of [keys.bulkJob('a', ''), keys.closedDaysJob('a', '')]) expect(job.SK.startsWith(other.SK)).toBe(false);
    const prefixes = [keys.userPrefix('a'), keys.organizationPrefix('a'), keys.clientPrefix('a'), keys.notePeriodsPrefix('a'), keys.goalTemplatePrefix('a')];
    for (const prefix of prefixes) expect(job.SK.startsWith(prefix.SKPrefix)).toBe(false);
    expect(fileKeys.exportFile('a', 'j1')).toBe('a/j1.csv');
    expect(fileKeys.exportFile('a', 'j1', 'zip')).toBe('a/j1.zip');
    expect(keys.exportDownload('a', 'h')).toEqual({ PK: 'ACCT#a', SK: 'EXPDL#h' });
    expect(entity.exportJob).toBe('ExportJob');
  });
});
