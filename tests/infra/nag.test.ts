/**
 * AWS's own rule packs for CDK (cdk-nag 3: AwsSolutions, HIPAA Security, Serverless), run on the
 * app as a district deploys it: the main stack with a custom domain, its certificate and the edge
 * stack's web ACL, and the edge stack itself. They are registered on the app the way cdk-nag
 * documents (`Validations.of(app).addPlugins`), so synthesis itself fails on any finding that is
 * neither fixed nor acknowledged, error or warning.
 *
 * Every acknowledgement sits on the construct that has the finding (never on the app or a stack),
 * carries a reason, and answers a finding that exists: a fix that makes one unnecessary must
 * remove it too. A printed table counts the acknowledged findings per rule.
 *
 * The stack with the default settings (no custom domain, no web ACL: what a first deploy gets) is
 * checked too: no error, and the one warning left is the missing web ACL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, Validations, type PolicyValidationPluginReport } from 'aws-cdk-lib';
import { AwsSolutionsChecks, HIPAASecurityChecks, ServerlessChecks, type NagPack } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDGE_REGION, EdgeStack } from '../../infra/constructs/edge.ts';
import { CaseloadStack } from '../../infra/stack.ts';

const DISTRICT = {
  bundling: 'inline',
  domainName: 'caseload.district.example.org',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0d9c7d5e-1111-2222-3333-444455556666',
  webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/CaseloadEdge-WebAcl/a1b2c3d4-5678-90ab-cdef-1234567890ab',
  alarmEmail: 'ops@district.example.org',
} as const;

const packsFor = (scope?: IConstruct): NagPack[] => [new AwsSolutionsChecks(scope), new HIPAASecurityChecks(scope), new ServerlessChecks(scope)];

interface Finding {
  pack: string;
  rule: string;
  severity: string;
  path: string;
}

function findingsOf(pack: NagPack, report: PolicyValidationPluginReport): Finding[] {
  return report.violations.flatMap((v) =>
    v.violatingResources.map((r) => ({ pack: pack.readPackName, rule: v.ruleName, severity: v.severity ?? 'error', path: (r as { constructPath?: string }).constructPath ?? '' })),
  );
}

/** What a pack finds, acknowledged or not. */
function everyFinding(app: App): Finding[] {
  return packsFor().flatMap((pack) => {
    // cdk-nag 3.0.2 asks this method whether a finding is acknowledged; answering "no" gives the
    // raw findings, to count and to match against the acknowledgements.
    (pack as unknown as { isAcknowledged: () => boolean }).isAcknowledged = () => false;
    return findingsOf(pack, pack.validateScope(app));
  });
}

/** Findings left after acknowledgements. */
const openFindings = (app: App): Finding[] => packsFor().flatMap((pack) => findingsOf(pack, pack.validateScope(app)));

interface Acknowledgement {
  path: string;
  id: string;
  reason: string;
}

/** The rule packs' own ids (CDK records acknowledgements of its own checks the same way). */
const PACK_RULE = /^(AwsSolutions|HIPAA\.Security|Serverless)-/;

/** Every acknowledgement of a rule pack's finding in the tree, with the construct it is recorded on. */
function acknowledgements(root: IConstruct): Acknowledgement[] {
  return root.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) => Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({ path: c.node.path, id: id.replace(/^annotation::/i, ''), reason })))
      .filter((ack) => PACK_RULE.test(ack.id)),
  );
}

const covers = (ack: Acknowledgement, f: Finding) => f.rule === ack.id && (f.path === ack.path || f.path.startsWith(`${ack.path}/`));

let outdir: string;
let app: App;
let synthError: unknown;
let raw: Finding[];
let open: Finding[];
let acks: Acknowledgement[];

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'caseload-nag-'));
  app = new App({ outdir });
  new CaseloadStack(app, 'Caseload', { config: DISTRICT });
  new EdgeStack(app, 'CaseloadEdge', { env: { region: EDGE_REGION } });
  Validations.of(app).addPlugins(...packsFor(app));
  try {
    app.synth();
  } catch (e) {
    synthError = e;
  }
  raw = everyFinding(app);
  open = openFindings(app);
  acks = acknowledgements(app);
});

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('AWS rule packs (AwsSolutions, HIPAA Security, Serverless) on the app as a district deploys it', () => {
  it('leave no finding unacknowledged: synthesis with the packs registered succeeds', () => {
    expect(open.map((f) => `${f.severity} ${f.rule} at ${f.path}`)).toEqual([]);
    expect(synthError).toBeUndefined();
  });

  it('have every acknowledgement on a construct below the stacks, never on the app or a stack', () => {
    expect(acks.length).toBeGreaterThan(0);
    const stacks = app.node.findAll().filter((c) => Stack.isStack(c));
    expect(app.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)).toEqual([]);
    for (const stack of stacks) {
      expect(
        stack.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY),
        stack.node.path,
      ).toEqual([]);
    }
    for (const ack of acks) expect(ack.path.split('/').length, `${ack.id} on ${ack.path}`).toBeGreaterThan(1);
  });

  it('give every acknowledgement a reason, and each answers a finding that exists', () => {
    expect(acks.filter((ack) => ack.reason.length < 60).map((ack) => `${ack.id} on ${ack.path}: reason too short`)).toEqual([]);
    expect(acks.filter((ack) => !raw.some((f) => covers(ack, f))).map((ack) => `${ack.id} on ${ack.path} acknowledges nothing`)).toEqual([]);
  });

  it('fix, not acknowledge, what must be fixed', () => {
    const mustBeFixed = [
      'HIPAA.Security-CloudWatchLogGroupEncrypted',
      'HIPAA.Security-DynamoDBInBackupPlan',
      'HIPAA.Security-SNSEncryptedKMS',
      'HIPAA.Security-S3BucketVersioningEnabled',
      'HIPAA.Security-WAFv2LoggingEnabled',
      'AwsSolutions-S1',
      'AwsSolutions-CFR2',
      'AwsSolutions-CFR3',
      'AwsSolutions-CFR4',
      'Serverless-LambdaTracing',
      'Serverless-SQSRedrivePolicy',
    ];
    const siteAndApi = (f: Finding) => !/\/(LogBucket|Custom::CDKBucketDeployment|Notes\/BulkGenerationDlq)/.test(f.path);
    expect(raw.filter((f) => mustBeFixed.includes(f.rule) && siteAndApi(f)).map((f) => `${f.rule} at ${f.path}`)).toEqual([]);
    // The worker: its own dead-letter queue and reserved concurrency, not acknowledged away.
    const worker = raw.filter((f) => f.path.startsWith('Caseload/Notes/BulkGenerationWorker/') && /LambdaDLQ|LambdaConcurrency|Tracing/.test(f.rule));
    expect(worker).toEqual([]);
    // IAM wildcards of our own roles: only X-Ray, which has no resource-level permissions.
    const ownWildcards = raw.filter((f) => f.rule.startsWith('AwsSolutions-IAM5') && f.path.startsWith('Caseload/Roles/'));
    expect(new Set(ownWildcards.map((f) => f.rule))).toEqual(new Set(['AwsSolutions-IAM5[Resource::*]']));
  });

  it('reports how many findings are acknowledged, per rule', () => {
    const key = (f: Finding) => `${f.rule} at ${f.path}`;
    const stillOpen = new Set(open.map(key));
    const counts = new Map<string, number>();
    for (const f of raw) if (!stillOpen.has(key(f))) counts.set(f.rule, (counts.get(f.rule) ?? 0) + 1);
    const rows = [...counts].sort(([a], [b]) => a.localeCompare(b));
    console.log(`Acknowledged findings (${raw.length} in all):\n${rows.map(([rule, n]) => `  ${String(n).padStart(4)}  ${rule}`).join('\n')}`);
    expect(rows.reduce((sum, [, n]) => sum + n, 0)).toBe(raw.length - open.length);
  });
});

describe('the stack with default settings (no custom domain, no web ACL yet)', () => {
  it('has no error, and warns only that no web ACL is attached', () => {
    const defaults = new App({ outdir: join(outdir, 'defaults') });
    new CaseloadStack(defaults, 'Caseload', { config: { bundling: 'inline' } });
    defaults.synth();
    const left = openFindings(defaults).map((f) => `${f.severity} ${f.rule} at ${f.path}`);
    expect(left).toEqual(['warning AwsSolutions-CFR2 at Caseload/Web/Distribution/Resource']);
  });
});
