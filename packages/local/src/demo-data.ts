import { goalTypes, gradeLevels } from '@caseload/contract/enums';
import { DEFAULT_TIME_ZONE } from '@caseload/contract/time-zone';
import { instantAt } from '@caseload/contract/wall-clock';
import { now } from '@caseload/core/clock';
import { eachInPool } from '@caseload/core/concurrency';
import { HttpClient } from './http-client.ts';

export const DEMO_OWNER = { email: 'owner@maple-district.demo', password: 'Caseload-demo-2026!' };
export const DEMO_CHILDREN = [
  { email: 'slp@maple-district.demo', password: 'Caseload-demo-2026!', role: 'slp', note: 'SLP at Maple Elementary: sessions, goals and notes, that school only' },
  { email: 'assistant@maple-district.demo', password: 'Caseload-demo-2026!', role: 'assistant', note: 'assistant: documents sessions, read-only otherwise' },
] as const;

const FIRST_NAMES = ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Eli', 'Lily', 'Owen', 'Ruby', 'Leo', 'Nora', 'Jack', 'Ivy', 'Luca', 'Emma', 'Kai', 'Aria', 'Finn', 'Maya', 'Theo'];
const DIAGNOSES = ['Speech sound disorder', 'Expressive language delay', 'Receptive language disorder', 'Childhood-onset fluency disorder', 'Social communication disorder', 'Voice disorder', 'Phonological disorder'];
/** Each goal's name, what the student will do, and the accuracy its criterion asks (one number for the text, the wording and the chart's line). */
const GOAL_TEXT: Record<(typeof goalTypes)[number], [string, string, number]> = {
  articulation: ['Produce /r/ in initial position', 'Produce /r/ in the initial position of words', 80],
  expressive_language: ['Use complete sentences', 'Use 5+ word sentences to describe pictures', 80],
  fluency: ['Use easy onset', 'Use easy onset strategies in structured conversation', 75],
  other: ['Follow classroom routines', 'Follow 2-step classroom directions with visual support', 80],
  pragmatics: ['Maintain topic', 'Maintain a conversational topic for 3 turns', 70],
  receptive_language: ['Answer wh- questions', 'Answer who/what/where questions about a short story', 80],
  voice: ['Use healthy vocal volume', 'Use an appropriate vocal volume in the classroom', 80],
};
/** Consecutive sessions at the criterion's accuracy for a goal to count as met. */
const CRITERION_SESSIONS = 3;

/** A small deterministic random generator, so the demo district is the same every time. */
function rng(seed: number) {
  return () => ((seed = (seed * 1664525 + 1013904223) % 2 ** 32) / 2 ** 32);
}

const DAY_MS = 86_400_000;
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The demo's school year: 40 weeks from the Monday 16 weeks back (the semester of sessions below),
 * with a winter break over the two weeks from the Monday before 25 December when it is still ahead,
 * so the minutes pages show required minutes stopping over a break.
 */
export function demoSchoolYear(day: Date) {
  const today = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  const firstDay = monday - 16 * 7 * DAY_MS;
  const lastDay = firstDay + (40 * 7 - 3) * DAY_MS;
  const christmas = Date.UTC(new Date(firstDay).getUTCFullYear(), 11, 25);
  const breakStart = christmas - ((new Date(christmas).getUTCDay() + 6) % 7) * DAY_MS;
  const breakEnd = breakStart + 11 * DAY_MS;
  const breaks = breakStart > today && breakEnd < lastDay ? [{ name: 'Winter break', start: ymd(breakStart), end: ymd(breakEnd) }] : [];
  return { name: 'This school year', firstDay: ymd(firstDay), lastDay: ymd(lastDay), breaks };
}

export interface DemoOptions {
  /**
   * How many weeks of sessions lead up to this one (the semester, 16, by default). The browser
   * journey over the demo (tests/e2e/demo-journey.test.ts) seeds five: everything else is the same
   * district, and five weeks still give the goals a trend (three sessions over 21 days) wherever
   * today falls in the week, in a third of the time.
   */
  weeksOfSessions?: number;
}

/**
 * Seeds the demo district through the API, as users would create it. Returns what it made. Today
 * is the clock port's (core/clock.ts): the machine's for `npm run demo`, the journey's own in a test.
 */
export async function seedDemo(baseUrl: string, log: (s: string) => void, { weeksOfSessions = 16 }: DemoOptions = {}) {
  const random = rng(42);
  const owner = new HttpClient(baseUrl);
  const registered = await owner.request('POST', '/api/register', { ...DEMO_OWNER, firstName: 'Dana', lastName: 'Whitfield', accountName: 'Maple Valley School District', role: 'admin' });
  if (registered.status === 409) return { alreadySeeded: true };
  if (registered.status >= 300) throw new Error(`register failed: ${registered.status}`);

  const orgs: { id: string }[] = [];
  for (const org of [
    { name: 'Maple Elementary School', type: 'school', address: '12 Maple Ave', phone: '555-0101', contactPerson: 'Principal Reyes' },
    { name: 'Cedar Middle School', type: 'school', address: '400 Cedar Rd', phone: '555-0102', contactPerson: 'Principal Okafor' },
    { name: 'Riverside Speech Clinic', type: 'clinic', address: '9 River St', phone: '555-0103', contactPerson: 'Dr. Lin' },
  ]) orgs.push(await owner.ok('POST', '/api/organizations', org));
  log('  3 organizations');
  const year = demoSchoolYear(now());
  await owner.ok('PUT', '/api/school-years', [year]);
  // Four report-card terms over the year: the notes page counts the current one's missing notes.
  const yearStart = Date.parse(`${year.firstDay}T00:00:00Z`);
  const termDays = Math.floor((Date.parse(`${year.lastDay}T00:00:00Z`) - yearStart) / DAY_MS / 4);
  await owner.ok(
    'PUT',
    '/api/reporting-periods',
    [1, 2, 3, 4].map((n) => ({ name: `Quarter ${n}`, start: ymd(yearStart + (n - 1) * termDays * DAY_MS), end: n === 4 ? year.lastDay : ymd(yearStart + (n * termDays - 1) * DAY_MS) })),
  );
  log('  the school year and its four quarters');

  const [slp, assistant] = DEMO_CHILDREN;
  const slpUser = await owner.ok<{ id: string }>('POST', '/api/users', {
    user: { firstName: 'Sam', lastName: 'Rivera', email: slp.email, password: slp.password, role: slp.role },
    permissions: { canCreateClients: true, canEditClients: true, canCreateSessions: true, canEditSessions: true, canDeleteSessions: true, canManageGoals: true, canGenerateProgressNotes: true, canEditProgressNotes: true, allowedOrganizationIds: [orgs[0]!.id] },
  });
  const assistantUser = await owner.ok<{ id: string }>('POST', '/api/users', {
    user: { firstName: 'Alex', lastName: 'Chen', email: assistant.email, password: assistant.password, role: assistant.role },
    permissions: { canEditSessions: true },
  });
  // Only an assistant's supervising SLPs co-sign its notes (part 4 §1.4).
  await owner.ok('PUT', `/api/users/${assistantUser.id}/supervisors`, { supervisorIds: [slpUser.id] });
  log('  2 child users (the SLP supervises the assistant)');

  // The printed SLP works at Maple: its students are on the SLP's own caseload, so "My caseload" and "My sessions" open full.
  const clients: { id: string; orgIndex: number; active: boolean }[] = [];
  await eachInPool(Array.from({ length: 60 }, (_, i) => i), async (i) => {
    const orgIndex = i % 3;
    const c = await owner.ok<{ id: string; status: string }>('POST', '/api/clients', {
      firstName: FIRST_NAMES[i % FIRST_NAMES.length],
      lastInitial: String.fromCharCode(65 + ((i * 7) % 26)),
      organizationId: orgs[orgIndex]!.id,
      gradeLevel: gradeLevels[orgIndex === 1 ? 7 + (i % 3) : i % 7],
      sessionFrequency: 1 + (i % 3),
      teacher: orgIndex === 2 ? undefined : `Room ${100 + (i % 12)}`,
      diagnosis: DIAGNOSES[i % DIAGNOSES.length],
      status: i % 20 === 19 ? 'inactive' : 'active',
      clinicianIds: orgIndex === 0 ? [slpUser.id] : [],
    });
    clients.push({ id: c.id, orgIndex, active: c.status === 'active' });
  }, 6);
  log('  60 clients');

  const goalsByClient = new Map<string, string[]>();
  // Some goals whose data stays flat: the dashboard's 'Goals at risk' and their charts' trend under the aim line show.
  const flatGoals = new Set<string>();
  const semesterStart = year.firstDay;
  await eachInPool(clients, async (c, i) => {
    const ids: string[] = [];
    for (let g = 0; g < 2; g++) {
      const type = goalTypes[(i + g * 3) % goalTypes.length]!;
      const [name, behaviour, accuracy] = GOAL_TEXT[type];
      const goal = await owner.ok<{ id: string }>('POST', '/api/goals', {
        clientId: c.id,
        name,
        type,
        description: `<p>${behaviour} with ${accuracy}% accuracy across ${CRITERION_SESSIONS} consecutive sessions.</p>`,
        targetCriteria: `${accuracy}% accuracy across ${CRITERION_SESSIONS} consecutive sessions`,
        criterionAccuracy: accuracy,
        criterionSessions: CRITERION_SESSIONS,
        // Where the student started, at the semester's first day (the sessions below start near 30%).
        baseline: { accuracy: 25 + ((i + g) % 3) * 5, date: semesterStart },
      });
      ids.push(goal.id);
      if (g === 1 && i % 4 === 0) flatGoals.add(goal.id);
    }
    goalsByClient.set(c.id, ids);
  }, 6);
  log('  120 goals (every type, each with a baseline and a structured criterion)');

  // Every active student has an IEP: the minutes pages, the reviews coming due and the goals' aim
  // lines rest on one. Started at or before the semester, a year long, 30 or 45 minutes a week (the
  // weekly 30-minute sessions below meet the one and fall behind the other), reviews and
  // re-evaluations spread over the coming months.
  const today = Date.parse(`${ymd(now().getTime())}T00:00:00Z`);
  const active = clients.filter((c) => c.active);
  await eachInPool(active, async (c, i) => {
    const start = Date.parse(`${semesterStart}T00:00:00Z`) - (i % 4) * 45 * DAY_MS;
    const end = start + 364 * DAY_MS;
    await owner.ok('POST', `/api/clients/${c.id}/ieps`, {
      startDate: ymd(start),
      endDate: ymd(end),
      nextReviewDate: ymd(Math.min(end, today + (3 + ((i * 13) % 150)) * DAY_MS)),
      nextEvaluationDate: ymd(today + (10 + ((i * 29) % 700)) * DAY_MS),
      serviceMinutes: i % 3 === 2 ? 45 : 30,
      servicePer: 'week',
      serviceType: 'either',
    });
  }, 6);
  log(`  ${active.length} IEPs (30 or 45 minutes a week)`);

  // A semester (weeksOfSessions) up to this week and next week, each client seen weekly, in pairs from the same school.
  // School hours on the account's clock (the demo keeps the default zone), whatever the machine's zone.
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  const pairs: { clients: typeof clients; at: Date; week: number }[] = [];
  // Sessions are for active clients, in pairs from the same school.
  const scheduled = active.sort((a, b) => a.orgIndex - b.orgIndex);
  for (let week = weeksOfSessions - 1; week >= -1; week--) {
    for (let p = 0; p < scheduled.length; p += 2) {
      const slot = p / 2;
      const day = ymd(monday - week * 7 * DAY_MS + (slot % 5) * DAY_MS);
      const time = `${String(8 + (slot % 8)).padStart(2, '0')}:${slot % 2 ? '30' : '00'}`;
      pairs.push({ clients: scheduled.slice(p, p + 2), at: new Date(instantAt(day, time, DEFAULT_TIME_ZONE)), week });
    }
  }
  const slpAgent = new HttpClient(baseUrl);
  await slpAgent.ok('POST', '/api/login', { username: slp.email, password: slp.password });
  let documented = 0;
  await eachInPool(pairs, async ({ clients: group, at, week }) => {
    const past = at.getTime() < now().getTime();
    // Maple's sessions are the SLP's own: this week's show on the SLP's calendar and dashboard.
    const providerId = group.every((c) => c.orgIndex === 0) ? slpUser.id : undefined;
    const session = await owner.ok<{ id: string }>('POST', '/api/sessions', { type: 'therapy', clientIds: group.map((c) => c.id), scheduledAt: at.toISOString(), duration: 30, notes: '', providerId });
    if (!past) return;
    const canceled = random() < 0.05;
    const close = (status: 'completed' | 'canceled') =>
      owner.ok('PUT', `/api/sessions/${session.id}`, {
        type: 'therapy',
        clientIds: group.map((c) => c.id),
        scheduledAt: at.toISOString(),
        duration: 30,
        notes: '',
        providerId,
        status,
        ...(status === 'canceled' ? { cancelReason: 'provider_unavailable' } : {}),
      });
    if (canceled) return void (await close('canceled'));
    // As a clinician works: attendance, the note and the trials' counts, then the session completed.
    const present: string[] = [];
    for (const c of group) {
      const absent = random() < 0.08;
      await owner.ok('PATCH', `/api/sessions/${session.id}/participants/${c.id}`, { status: absent ? 'absent' : 'present' });
      if (absent) continue;
      await owner.ok('POST', `/api/sessions/${session.id}/notes`, { clientId: c.id, notes: `<p>Worked on target sounds with picture cards; good attention today.</p>` });
      for (const goalId of goalsByClient.get(c.id) ?? []) {
        const total = 10;
        const gain = flatGoals.has(goalId) ? 0.05 : 0.35;
        const successful = Math.min(total, Math.max(0, Math.round(3 + (weeksOfSessions - 1 - week) * gain + random() * 2)));
        await owner.ok('POST', `/api/sessions/${session.id}/progress`, { goalId, successfulAttempts: successful, totalAttempts: total, notes: '' });
      }
      present.push(c.id);
      documented++;
    }
    await close('completed');
    // The SLP signs its notes from before this week; this week's wait on its dashboard.
    if (providerId && week > 0) for (const clientId of present) await slpAgent.ok('POST', `/api/sessions/${session.id}/sign`, { clientId });
  }, 6);
  log(`  ${pairs.length} sessions over ${weeksOfSessions} weeks and the next, ${documented} documented client visits`);

  const monthAgo = ymd(now().getTime() - 30 * DAY_MS);
  for (const c of clients.slice(0, 5)) {
    await owner.ok('POST', `/api/clients/${c.id}/generate-progress-note`, { reportingPeriodStart: monthAgo, reportingPeriodEnd: ymd(now().getTime()) });
  }
  log('  5 progress notes');
  return { alreadySeeded: false };
}
