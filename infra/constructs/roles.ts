/**
 * Execution roles and log groups, one of each per access profile (see access.ts). A function
 * gets the role of its profile, so it holds exactly the permissions its profile lists and
 * nothing else; functions with identical needs share the role instead of each carrying a copy.
 *
 * They share the profile's log group too (KMS-encrypted, with a retention): Lambda names each
 * stream in a shared group `YYYY/MM/DD/<function name>[<version>]<environment id>`, so every
 * line still maps to its function, and the stack spends one resource per profile instead of one
 * per route (CloudFormation's 500-resource limit). Logging is scoped: instead of the managed
 * AWSLambdaBasicExecutionRole (logs:* on every log group), a role may write only to its own group.
 */
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { AccessProfile } from './access.ts';
import type { Data } from './data.ts';
import { LOG_RETENTION } from './functions.ts';
import { acknowledge } from './nag.ts';
import type { Notes } from './notes.ts';

/** What a function runs as and logs into. */
export interface FunctionAccess {
  role: iam.Role;
  logGroup: logs.LogGroup;
}

interface PooledRole extends FunctionAccess {
  profile: string;
}

export class RolePool extends Construct {
  private readonly roles = new Map<string, PooledRole>();

  constructor(
    scope: Construct,
    id: string,
    private readonly deps: { data: Data; notes: Notes; logKey: kms.IKey },
  ) {
    super(scope, id);
  }

  /** The role and log group for `profile`, made on first use. */
  accessFor(profile: AccessProfile): FunctionAccess {
    const signature = JSON.stringify(profile);
    let pooled = this.roles.get(profile.name);
    if (pooled && pooled.profile !== signature) {
      throw new Error(`Two different access profiles share the name ${profile.name}; give them distinct names.`);
    }
    if (!pooled) {
      const role = new iam.Role(this, profile.name, {
        assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
        description: `Caseload functions with access profile ${profile.name}`,
      });
      acknowledge(role, {
        'AwsSolutions-IAM5[Resource::*]':
          "X-Ray active tracing (xray:PutTraceSegments, xray:PutTelemetryRecords, added by Lambda's tracing setting): X-Ray supports no resource-level permissions for them. Every other statement names its resources.",
        'HIPAA.Security-IAMNoInlinePolicy':
          "The policy belongs to this one role and is created, changed and deleted with it in the same template; it is built from the reviewed access profiles (access.ts) and checked statement by statement (tests/infra/stack.test.ts). A managed policy would serve no other role and is capped at 6,144 characters, which the role's list of log groups outgrows.",
      });
      const logGroup = new logs.LogGroup(this, `${profile.name}Logs`, { retention: LOG_RETENTION, encryptionKey: this.deps.logKey });
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({ sid: 'OwnLogs', actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }),
      );
      this.deps.data.grantTableAccess(role, profile.table);
      if (profile.totp) this.deps.data.grantTotp(role);
      if (profile.bedrock) this.deps.notes.grantBedrock(role);
      if (profile.enqueue) this.deps.notes.grantEnqueue(role);
      pooled = { role, logGroup, profile: signature };
      this.roles.set(profile.name, pooled);
    }
    return { role: pooled.role, logGroup: pooled.logGroup };
  }

  get all(): iam.Role[] {
    return [...this.roles.values()].map((r) => r.role);
  }
}
