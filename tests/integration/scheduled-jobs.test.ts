import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDue, jobsDueAt, nextRun, scheduledJobs, scheduleExpression, type ScheduledJobName } from '../../packages/contract/src/scheduled-jobs.ts';
import { jobRunners } from '../../packages/core/src/scheduled-jobs/jobs.ts';
import { AlreadyRunningError } from '../../packages/local/src/data-lock.ts';
import { runJobsCommand, UsageError } from '../../packages/local/src/jobs-command.ts';
import { startScheduler } from '../../packages/local/src/scheduler.ts';
import { repoRoot } from '../../packages/local/src/web-build.ts';
import { signUpOwner } from '../support/accounts.ts';
import { expectStatus } from '../support/fixtures-sessions.ts';

/**
 * The scheduled jobs (part 4 §5): one list of schedules, read by EventBridge Scheduler's
 * expressions, the local scheduler of `npm start` and `npm run jobs -- --at`, which runs the jobs
 * due at a moment against the data folder (through its function, and once as the command).
 */

describe('the schedules', () => {
  it('has a runner for every schedule and a daily minute for each', () => {
    expect(Object.keys(jobRunners).sort()).toEqual(Object.keys(scheduledJobs).sort());
    expect(scheduleExpression(scheduledJobs['account-deletion'])).toBe('cron(0 10 * * ? *)');
  });

  it('finds the jobs due in a minute, in their zone, seconds aside', () => {
    expect(jobsDueAt(new Date('2027-03-01T10:00:00Z'))).toEqual(['account-deletion']);
    expect(jobsDueAt(new Date('2027-03-01T10:00:59Z'))).toEqual(['account-deletion']);
    expect(jobsDueAt(new Date('2027-03-01T10:30:00Z'))).toEqual(['retention']);
    expect(jobsDueAt(new Date('2027-03-01T11:00:00Z'))).toEqual([]);
    expect(isDue({ minute: 15, zone: 'America/New_York' }, new Date('2027-03-01T04:15:00Z'))).toBe(true);
    expect(isDue({ minute: 0, hour: 2, zone: 'America/New_York' }, new Date('2027-07-01T06:00:00Z'))).toBe(true);
    expect(nextRun(scheduledJobs.retention, new Date('2027-03-01T10:30:00Z')).toISOString()).toBe('2027-03-02T10:30:00.000Z');
  });
});

describe('npm run jobs -- --at', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'caseload-jobs-'));
  const before = process.env.DATA_DIR;
  afterEach(() => {
    if (before === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = before;
  });

  it('runs the jobs due at that moment on the data folder (through its function)', async () => {
    const { agent } = await signUpOwner({ accountName: 'Soon Gone' });
    const date = expectStatus(await agent.post('/api/account/deletion', { confirmName: 'Soon Gone' }), 200).deletionScheduledFor;
    process.env.DATA_DIR = dataDir;
    const lines = await runJobsCommand(['--at', `${date}T10:00:00Z`], () => undefined);
    expect(lines).toEqual([`account-deletion at ${date}T10:00:00.000Z: done (deleted 1, unfinished 0)`]);
    expect((await agent.get('/api/account')).status).toBe(401);
  });

  it('says when no job is due, and refuses a missing or wrong time', async () => {
    const lines = await runJobsCommand(['--at', '2027-03-01T09:00:00Z'], () => undefined);
    expect(lines[0]).toBe('No job is due at 2027-03-01T09:00:00.000Z. The schedules:');
    await expect(runJobsCommand([], () => undefined)).rejects.toBeInstanceOf(UsageError);
    await expect(runJobsCommand(['--at', 'tomorrow'], () => undefined)).rejects.toBeInstanceOf(UsageError);
  });

  it('refuses to run while another process (npm start) holds the data folder', async () => {
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      writeFileSync(join(dataDir, 'caseload.pid'), String(holder.pid));
      process.env.DATA_DIR = dataDir;
      await expect(runJobsCommand(['--at', '2027-03-01T10:00:00Z'], () => undefined)).rejects.toBeInstanceOf(AlreadyRunningError);
    } finally {
      holder.kill();
    }
  });

  it('runs as the command', () => {
    const run = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/jobs.ts', ...args], { cwd: repoRoot, env: { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'caseload-jobs-')) }, encoding: 'utf8' });
    const ran = run(['--at', '2027-03-01T10:30:00Z']);
    expect(ran.stderr).toBe('');
    expect(ran.status).toBe(0);
    expect(ran.stdout).toMatch(/^retention at 2027-03-01T10:30:00.000Z: done/);
    const wrong = run([]);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/Usage: npm run jobs -- --at/);
  }, 60_000);
});

describe('the scheduler of npm start', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each job at its minute, one after another, on the clock as it moves', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2027-03-01T09:59:30Z'));
    const ran: [ScheduledJobName, string][] = [];
    const scheduler = startScheduler({
      run: (job, at) => {
        ran.push([job, at.toISOString()]);
        return Promise.resolve({ done: true, summary: {} });
      },
    });
    await vi.advanceTimersByTimeAsync(30_000);
    await scheduler.idle();
    expect(ran).toEqual([['account-deletion', '2027-03-01T10:00:00.000Z']]);
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    await scheduler.idle();
    expect(ran.filter(([job]) => job !== 'weekly-digest')).toEqual([
      ['account-deletion', '2027-03-01T10:00:00.000Z'],
      ['retention', '2027-03-01T10:30:00.000Z'],
      ['reminders', '2027-03-01T10:45:00.000Z'],
      ['account-deletion', '2027-03-02T10:00:00.000Z'],
    ]);
    // The digest's job runs every hour (it mails where it is Monday 6 o'clock).
    expect(ran.filter(([job]) => job === 'weekly-digest').map(([, at]) => at.slice(11, 16))).toEqual(Array.from({ length: 24 }, (_, i) => `${String((10 + i) % 24).padStart(2, '0')}:05`));
    scheduler.stop();
  });
});
