/**
 * Data: the single table (built from packages/core's tableDefinition, so the cloud and the local
 * runtime can never disagree about keys or indexes), its customer-managed KMS key, its daily AWS
 * Backup, the KMS key that encrypts TOTP secrets, and the operations key (logs, alarm topic,
 * cursor key secret).
 */
import { Aws, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as backup from 'aws-cdk-lib/aws-backup';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { TOTP_KMS_PURPOSE } from '../../packages/core/src/auth/secret-box.ts';
import { tableDefinition } from '../../packages/core/src/table.ts';
import type { TableAccess } from './access.ts';
import { acknowledge } from './nag.ts';
import { alarmsPublishToTopic, logGroupsOfThisAccount } from './key-policies.ts';

/**
 * What DynamoDB asks KMS for on the caller's behalf, spelled out (no `kms:GenerateDataKey*` or
 * `kms:ReEncrypt*`: DynamoDB never uses data key pairs).
 */
const KMS_READ = ['kms:Decrypt', 'kms:DescribeKey'];
const KMS_WRITE = ['kms:Decrypt', 'kms:DescribeKey', 'kms:Encrypt', 'kms:GenerateDataKey', 'kms:GenerateDataKeyWithoutPlaintext', 'kms:ReEncryptFrom', 'kms:ReEncryptTo'];

/** Daily table backups are kept this long, on top of point-in-time recovery (35 days of any second). */
export const BACKUP_RETENTION = Duration.days(35);

export interface DataProps {
  /**
   * An existing table to serve instead of the stack's own (config.tableName: a table restored from
   * point-in-time recovery or a backup, docs/operations.md). It must be encrypted with TableKey.
   */
  tableName?: string;
}

export class Data extends Construct {
  /** The table the functions use: the stack's own, or the one `tableName` names. */
  readonly table: dynamodb.ITable;
  /** The table this stack created (retained; still there, unused, after a switch to `tableName`). */
  readonly ownTable: dynamodb.Table;
  readonly tableKey: kms.Key;
  readonly totpKey: kms.Key;
  readonly totpKeyAlias: kms.Alias;
  /** Encrypts what operations keep: log groups, the alarm topic, the list-cursor key secret. */
  readonly opsKey: kms.Key;
  /**
   * The deployment key of packages/core/src/auth/secret-box.ts (SECRET_ENCRYPTION_KEY): opens
   * TOTP secrets sealed before KMS envelope encryption (v1). New secrets are sealed under KMS.
   */
  readonly totpSealingSecret: secretsmanager.Secret;
  /** The key of packages/core/src/cursor.ts (CURSOR_SIGNING_KEY). */
  readonly cursorKeySecret: secretsmanager.Secret;
  readonly backupVault: backup.BackupVault;
  readonly backupPlan: backup.BackupPlan;

  constructor(scope: Construct, id: string, props: DataProps = {}) {
    super(scope, id);
    const stackName = Stack.of(this).stackName;

    // Losing this key would make every table backup unreadable: retain it, rotate it yearly.
    this.tableKey = new kms.Key(this, 'TableKey', {
      description: `Caseload (${stackName}): encrypts the DynamoDB table`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.tableKey.addAlias(`alias/${stackName}/table`);

    this.totpKey = new kms.Key(this, 'TotpKey', {
      description: `Caseload (${stackName}): encrypts users' TOTP secrets`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.totpKeyAlias = this.totpKey.addAlias(`alias/${stackName}/totp`);

    this.opsKey = new kms.Key(this, 'OpsKey', {
      description: `Caseload (${stackName}): encrypts log groups, the alarm topic and the list-cursor key`,
      enableKeyRotation: true,
      // Retained: the logs it encrypts outlive a deleted stack for their retention.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.opsKey.addAlias(`alias/${stackName}/ops`);
    // CloudWatch Logs encrypts each log group's data with the key, named in the encryption context.
    this.opsKey.addToResourcePolicy(logGroupsOfThisAccount());
    // CloudWatch alarms publish to the encrypted topic.
    this.opsKey.addToResourcePolicy(alarmsPublishToTopic());

    // EventBridge publishes failed-backup events to the encrypted alarm topic (alarms.ts).
    this.opsKey.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'EventsPublishToTopic',
        principals: [new iam.ServicePrincipal('events.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
      }),
    );

    // secret-box.ts sealed TOTP secrets (v1) with a key derived from SECRET_ENCRYPTION_KEY until
    // KMS envelope encryption (v2); the stack generated that value once and keeps it here, under
    // the TOTP KMS key, for the auth functions only, in environment variables encrypted with that
    // same key (see Api). New secrets never use it, and a v1 secret is sealed again under KMS at
    // its next right code. Retained: losing it makes v1 secrets not yet sealed again unreadable.
    this.totpSealingSecret = new secretsmanager.Secret(this, 'TotpSealingSecret', {
      description: `Caseload (${stackName}): deployment key of TOTP secrets sealed before KMS envelope encryption`,
      encryptionKey: this.totpKey,
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(this.totpSealingSecret, {
      'AwsSolutions-SMG4':
        'Only opens TOTP secrets sealed before KMS envelope encryption (v1); every new secret gets its own KMS data key under the TOTP key, which KMS rotates yearly, and a v1 secret is sealed again under KMS at its next right code. Rotating this value would make the remaining v1 secrets unreadable.',
      'HIPAA.Security-SecretsManagerRotationEnabled':
        'Only opens TOTP secrets sealed before KMS envelope encryption (v1); new secrets are sealed under per-secret KMS data keys (key rotated yearly by KMS) and v1 secrets are sealed again under KMS at their next use. Rotating this value would lose the remaining v1 secrets.',
    });

    // List cursors are sealed with a key every container of the list function shares; one made per
    // container would refuse the next page from another. Not retained: losing it only ends the
    // paging that is open at that moment.
    this.cursorKeySecret = new secretsmanager.Secret(this, 'CursorKeySecret', {
      description: `Caseload (${stackName}): key of opaque list cursors`,
      encryptionKey: this.opsKey,
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });
    acknowledge(this.cursorKeySecret, {
      'AwsSolutions-SMG4':
        'Seals list-page cursors that live minutes, never data at rest; the functions read it at deploy time (a CloudFormation dynamic reference), so a scheduled rotation would not reach them. Replacing the secret and redeploying rotates it, costing only the paging open at that moment.',
      'HIPAA.Security-SecretsManagerRotationEnabled':
        'Seals short-lived list-page cursors, no PHI at rest; functions read it at deploy time, so rotation is a redeploy with a new value (it only ends the paging open at that moment).',
    });

    const { partitionKey, sortKey, ttlAttribute, globalSecondaryIndexes } = tableDefinition;
    this.ownTable = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      encryption: dynamodb.TableEncryption.CUSTOMER_MANAGED,
      encryptionKey: this.tableKey,
    });
    for (const gsi of globalSecondaryIndexes) {
      this.ownTable.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    // After a restore the stack serves the restored table (same key schema, indexes and key); the
    // old table stays (retained, deletion-protected) until an operator removes it by hand.
    this.table = props.tableName
      ? dynamodb.Table.fromTableAttributes(this, 'ServedTable', { tableName: props.tableName, encryptionKey: this.tableKey })
      : this.ownTable;

    // Daily backups kept 35 days in a vault under our table key, on top of point-in-time recovery:
    // a second copy outside the table's own recovery window, restorable after a table deletion.
    this.backupVault = new backup.BackupVault(this, 'BackupVault', {
      encryptionKey: this.tableKey,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.backupPlan = new backup.BackupPlan(this, 'BackupPlan', {
      backupVault: this.backupVault,
      backupPlanRules: [
        new backup.BackupPlanRule({
          ruleName: 'Daily',
          scheduleExpression: events.Schedule.cron({ hour: '5', minute: '0' }),
          deleteAfter: BACKUP_RETENTION,
        }),
      ],
    });
    const selection = this.backupPlan.addSelection('Table', { resources: [backup.BackupResource.fromDynamoDbTable(this.table)] });
    acknowledge(selection, {
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]':
        "AWS Backup's own service-role policy, the one AWS documents for a backup selection; this role is assumable by AWS Backup only and the selection names the table alone.",
    });
  }

  /** The table and each of its indexes, by name: the only DynamoDB resources any function is granted. */
  get tableResources(): string[] {
    return [this.table.tableArn, ...tableDefinition.globalSecondaryIndexes.map((g) => `${this.table.tableArn}/index/${g.indexName}`)];
  }

  /**
   * Grants exactly `access` on the table (see access.ts for the reasoning), plus the table key's
   * KMS actions, usable only through DynamoDB (kms:ViaService).
   */
  grantTableAccess(grantee: iam.IGrantable, access: TableAccess) {
    const policy = (statement: iam.PolicyStatement) => grantee.grantPrincipal.addToPrincipalPolicy(statement);
    policy(
      new iam.PolicyStatement({
        sid: 'TableItems',
        actions: access.actions,
        resources: this.tableResources,
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': access.leadingKeys } },
      }),
    );
    if (access.sessionActions.length > 0) {
      policy(
        new iam.PolicyStatement({
          sid: 'LoginSessionTouch',
          actions: access.sessionActions,
          resources: [this.table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LSESS#*'] } },
        }),
      );
    }
    const writes = access.actions.some((a) => !['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'].includes(a));
    policy(
      new iam.PolicyStatement({
        sid: 'TableKey',
        actions: writes || access.sessionActions.length > 0 ? KMS_WRITE : KMS_READ,
        resources: [this.tableKey.keyArn],
        conditions: { StringEquals: { 'kms:ViaService': `dynamodb.${Aws.REGION}.amazonaws.com` } },
      }),
    );
  }

  /**
   * TOTP secrets (secret-box.ts): a data key per secret when sealing, only for the TOTP purpose
   * (encryption context); Decrypt to open one, and the environment Lambda encrypted with the key.
   */
  grantTotp(grantee: iam.IGrantable) {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'TotpDataKeys',
        actions: ['kms:GenerateDataKey'],
        resources: [this.totpKey.keyArn],
        conditions: { StringEquals: { 'kms:EncryptionContext:purpose': TOTP_KMS_PURPOSE } },
      }),
    );
    grantee.grantPrincipal.addToPrincipalPolicy(new iam.PolicyStatement({ sid: 'TotpOpen', actions: ['kms:Decrypt'], resources: [this.totpKey.keyArn] }));
  }
}
