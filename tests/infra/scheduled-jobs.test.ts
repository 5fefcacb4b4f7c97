/**
 * The scheduled jobs in the cloud (infra/constructs/scheduled-jobs.ts): one EventBridge Scheduler
 * schedule per job of the shared definition, invoking the one job function with the job's name,
 * through a role that may invoke that function alone; and the function's own least-privilege role.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { workers } from '../../packages/contract/src/manifest.ts';
import { scheduledJobNames, scheduledJobs, scheduleExpression } from '../../packages/contract/src/scheduled-jobs.ts';
import { SCHEDULED_JOB_KEYS, SCHEDULED_JOB_TIMEOUT } from '../../infra/constructs/scheduled-jobs.ts';
import { asList, handlerFunctions, ofType, refId, referencedIds, statements, statementsOfHandler, synthStack, type Synth } from './support.ts';

let s: Synth;
beforeAll(() => {
  s = synthStack();
});

const HANDLER = workers.scheduledJobs.handler;
const jobFn = () => handlerFunctions(s.resources).get(HANDLER)!;
const tableId = () => ofType(s.resources, 'AWS::DynamoDB::Table')[0]![0];
const bucketId = () => refId(jobFn().resource.Properties!.Environment.Variables.EXPORTS_BUCKET)!;

describe('the schedules', () => {
  it('makes one schedule per job, at its time in its zone, invoking the job function with the job name', () => {
    const schedules = ofType(s.resources, 'AWS::Scheduler::Schedule').map(([, r]) => r.Properties!);
    expect(schedules).toHaveLength(scheduledJobNames.length);
    for (const name of scheduledJobNames) {
      const schedule = schedules.find((p) => JSON.parse(p.Target.Input as string).job === name);
      expect(schedule, name).toBeDefined();
      expect(schedule!.ScheduleExpression).toBe(scheduleExpression(scheduledJobs[name]));
      expect(schedule!.ScheduleExpressionTimezone).toBe(scheduledJobs[name].zone);
      expect(schedule!.FlexibleTimeWindow).toEqual({ Mode: 'OFF' });
      expect(refId(schedule!.Target.Arn)).toBe(jobFn().id);
      expect(schedule!.Target.RetryPolicy.MaximumRetryAttempts).toBeGreaterThan(0);
    }
  });

  it("gives the scheduler a role that may invoke the job function and nothing else", () => {
    const schedule = ofType(s.resources, 'AWS::Scheduler::Schedule')[0]![1];
    const roleId = refId(schedule.Properties!.Target.RoleArn)!;
    const role = s.resources[roleId]!;
    expect(JSON.stringify(role.Properties!.AssumeRolePolicyDocument)).toContain('scheduler.amazonaws.com');
    const granted = statements(s.resources).filter((st) => st.roles.includes(roleId)).map((st) => st.statement);
    expect(granted).toHaveLength(1);
    expect(asList(granted[0]!.Action)).toEqual(['lambda:InvokeFunction']);
    expect([...referencedIds(granted[0]!.Resource)]).toEqual([jobFn().id]);
  });
});

describe('the job function', () => {
  it('runs up to Lambda\'s limit with the table and the files bucket it deletes from', () => {
    const props = jobFn().resource.Properties!;
    expect(props.Timeout).toBe(SCHEDULED_JOB_TIMEOUT.toSeconds());
    expect(refId(props.Environment.Variables.TABLE_NAME)).toBe(tableId());
    expect(ofType(s.resources, 'AWS::S3::Bucket').map(([id]) => id)).toContain(bucketId());
    expect(props.Environment.Variables.SECRET_ENCRYPTION_KEY).toBeUndefined();
  });

  it('may touch the district key families and certificates, Scan the table, and list and delete files, nothing more', () => {
    const granted = statementsOfHandler(s.resources, HANDLER);
    const items = granted.find((st) => st.Sid === 'TableItems')!;
    expect(items.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys']).toEqual([...SCHEDULED_JOB_KEYS]);
    const scan = granted.find((st) => st.Sid === 'ListAccounts')!;
    expect(asList(scan.Action)).toEqual(['dynamodb:Scan']);
    expect(refId(scan.Resource)).toBe(tableId());
    const s3Actions = granted.flatMap((st) => asList(st.Action)).filter((a) => a.startsWith('s3:'));
    expect(s3Actions.sort()).toEqual(['s3:DeleteObject', 's3:ListBucket']);
    for (const st of granted.filter((g) => asList(g.Action).some((a) => a.startsWith('s3:')))) expect([...referencedIds(st.Resource)]).toEqual([bucketId()]);
    // No other function holds these grants.
    const role = refId(jobFn().resource.Properties?.Role);
    for (const [handler, fn] of handlerFunctions(s.resources)) if (handler !== HANDLER) expect(refId(fn.resource.Properties?.Role), handler).not.toBe(role);
  });
});

describe('the weekly digest', () => {
  it('links to the site and, without a sender, may send no mail at all', () => {
    const vars = jobFn().resource.Properties!.Environment.Variables;
    expect(vars.APP_URL).toBeDefined();
    expect(vars.MAIL_TRANSPORT).toBeUndefined();
    expect(statementsOfHandler(s.resources, HANDLER).flatMap((st) => asList(st.Action)).filter((a) => a.startsWith('ses:'))).toEqual([]);
  });

  it("with a sender, may send with SES as that sender only, on its address's and its domain's identities", () => {
    const mailing = synthStack({ mailFrom: 'Caseload <digest@district.test>' });
    const fn = handlerFunctions(mailing.resources).get(HANDLER)!;
    expect(fn.resource.Properties!.Environment.Variables).toMatchObject({ MAIL_TRANSPORT: 'ses', MAIL_FROM: 'Caseload <digest@district.test>' });
    const ses = statementsOfHandler(mailing.resources, HANDLER).filter((st) => asList(st.Action).some((a) => a.startsWith('ses:')));
    expect(ses).toHaveLength(1);
    expect(asList(ses[0]!.Action)).toEqual(['ses:SendEmail']);
    const resources = JSON.stringify(ses[0]!.Resource);
    expect(resources).toContain(':identity/digest@district.test');
    expect(resources).toContain(':identity/district.test');
    expect(resources).not.toContain('*');
    expect(ses[0]!.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'digest@district.test' } });
  });
});
