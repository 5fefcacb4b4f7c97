/**
 * Data: the single table (built from packages/core's tableDefinition, so the cloud and the local
 * runtime can never disagree about keys or indexes), its customer-managed KMS key, and the KMS
 * key that encrypts TOTP secrets.
 */
import { Aws, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { tableDefinition } from '../../packages/core/src/table.ts';
import type { TableAccess } from './access.ts';

const KMS_READ = ['kms:Decrypt', 'kms:DescribeKey'];
const KMS_WRITE = ['kms:Decrypt', 'kms:DescribeKey', 'kms:Encrypt', 'kms:GenerateDataKey*', 'kms:ReEncrypt*'];

export class Data extends Construct {
  readonly table: dynamodb.Table;
  readonly tableKey: kms.Key;
  readonly totpKey: kms.Key;
  readonly totpKeyAlias: kms.Alias;
  /** The sealing key of packages/core/src/auth/secret-box.ts (SECRET_ENCRYPTION_KEY). */
  readonly totpSealingSecret: secretsmanager.Secret;
  /** The key of packages/core/src/cursor.ts (CURSOR_SIGNING_KEY). */
  readonly cursorKeySecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string) {
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

    // secret-box.ts seals TOTP secrets (AES-256-GCM) with a key derived from SECRET_ENCRYPTION_KEY;
    // without it every Lambda container would invent its own key and could not open secrets
    // sealed by another. So the stack generates the value once, keeps it in Secrets Manager under
    // the TOTP KMS key, and hands it to the auth functions only, in environment variables
    // encrypted with that same key (see Api). Retained: losing it makes enrolled 2FA unreadable.
    this.totpSealingSecret = new secretsmanager.Secret(this, 'TotpSealingSecret', {
      description: `Caseload (${stackName}): sealing key for users' TOTP secrets`,
      encryptionKey: this.totpKey,
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // List cursors are sealed with a key every container of the list function shares; one made per
    // container would refuse the next page from another. Not retained: losing it only ends the
    // paging that is open at that moment.
    this.cursorKeySecret = new secretsmanager.Secret(this, 'CursorKeySecret', {
      description: `Caseload (${stackName}): key of opaque list cursors`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });

    const { partitionKey, sortKey, ttlAttribute, globalSecondaryIndexes } = tableDefinition;
    this.table = new dynamodb.Table(this, 'Table', {
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
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
  }

  /** The table and all its indexes: the only DynamoDB resources any function is granted. */
  get tableResources(): string[] {
    return [this.table.tableArn, `${this.table.tableArn}/index/*`];
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

  /** TOTP secrets: Encrypt when enrolling, Decrypt when verifying. Nothing else. */
  grantTotp(grantee: iam.IGrantable) {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({ sid: 'TotpSecrets', actions: ['kms:Encrypt', 'kms:Decrypt'], resources: [this.totpKey.keyArn] }),
    );
  }
}
