/**
 * The files of whole-district exports (part 4 §9; docs/background-jobs.md): one private bucket,
 * encrypted with its own KMS key, TLS only, objects deleted after EXPORT_FILE_DAYS. The job
 * worker writes the files; the routes that declare the `exports` capability (access.ts) may read
 * them, which is what signing a download link for the browser needs. Both learn the bucket from
 * EXPORTS_BUCKET. Routes and worker keep the role of their access profile: the `Exports` profiles
 * are theirs alone, so no other function gains access.
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { FunctionDef } from '../../packages/contract/src/manifest.ts';
import { declares } from './access.ts';
import { acknowledge } from './nag.ts';

/** An export is fetched minutes after it is made; a week leaves room to download it again. */
export const EXPORT_FILE_DAYS = 7;
/** Uploaded roster zips (part 4 §3): deleted when applied, and by the lifecycle after a day whatever happens. */
export const ROSTER_UPLOAD_DAYS = 1;
export const ROSTER_UPLOAD_PREFIX = 'roster-uploads/';

export interface ExportsProps {
  /** The route functions with their manifest entries (Api.routeFunctions). */
  routeFunctions: readonly { route: Pick<FunctionDef, 'uses'>; fn: lambda.Function }[];
  /** The job worker, which writes the files. */
  worker: lambda.Function;
  /** Where the bucket's access logs go (the site's log bucket). */
  logBucket: s3.IBucket;
}

export class Exports extends Construct {
  readonly bucket: s3.Bucket;
  readonly key: kms.Key;

  constructor(scope: Construct, id: string, props: ExportsProps) {
    super(scope, id);
    this.key = new kms.Key(this, 'Key', { enableKeyRotation: true, description: 'Caseload export files', removalPolicy: RemovalPolicy.RETAIN });
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.KMS,
      encryptionKey: this.key,
      bucketKeyEnabled: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: true,
      lifecycleRules: [
        { id: 'ExpireExports', expiration: Duration.days(EXPORT_FILE_DAYS), noncurrentVersionExpiration: Duration.days(1), abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { id: 'ExpireRosterUploads', prefix: ROSTER_UPLOAD_PREFIX, expiration: Duration.days(ROSTER_UPLOAD_DAYS), noncurrentVersionExpiration: Duration.days(1) },
      ],
      // The browser PUTs a roster zip straight to a presigned URL (the signature is the authority; PUT only).
      cors: [{ allowedMethods: [s3.HttpMethods.PUT], allowedOrigins: ['*'], allowedHeaders: ['content-type'], maxAge: 3600 }],
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 's3-exports/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(this.bucket, {
      'HIPAA.Security-S3BucketReplicationEnabled':
        'Export files are copies made on request and deleted after a week; the records they come from live in DynamoDB (point-in-time recovery and AWS Backup). A replica would keep student data in a second place for no recovery need.',
    });

    // Exact actions (no wildcards) on the bucket's objects and its key, in policies of this
    // construct: object keys are made per job (`<accountId>/<jobId>.csv`), so the object ARN is the
    // one wildcard, acknowledged below.
    const readers = new Set<iam.IRole>();
    for (const { route, fn } of props.routeFunctions) {
      if (!declares(route, 'exports')) continue;
      if (fn.role) readers.add(fn.role);
      fn.addEnvironment('EXPORTS_BUCKET', this.bucket.bucketName);
    }
    this.grant('ReadFiles', [...readers], ['s3:GetObject'], ['kms:Decrypt']);
    if (props.worker.role) this.grant('WriteFiles', [props.worker.role], ['s3:PutObject'], ['kms:GenerateDataKey']);
    props.worker.addEnvironment('EXPORTS_BUCKET', this.bucket.bucketName);

    // Roster zips, under their prefix only: the start route signs the browser's PUT (the signer
    // needs the right), the preview route reads the zip's directory, the worker reads and deletes.
    const uploaders = new Set<iam.IRole>();
    for (const { route, fn } of props.routeFunctions) {
      if (!declares(route, 'rosterUploads')) continue;
      if (fn.role) uploaders.add(fn.role);
      fn.addEnvironment('EXPORTS_BUCKET', this.bucket.bucketName);
    }
    this.grant('RosterUploads', [...uploaders], ['s3:PutObject', 's3:GetObject'], ['kms:GenerateDataKey', 'kms:Decrypt'], `${ROSTER_UPLOAD_PREFIX}*`);
    if (props.worker.role) this.grant('ReadRosterUploads', [props.worker.role], ['s3:GetObject', 's3:DeleteObject'], ['kms:Decrypt'], `${ROSTER_UPLOAD_PREFIX}*`);
  }

  private grant(id: string, roles: iam.IRole[], s3Actions: string[], kmsActions: string[], objects = '*') {
    const policy = new iam.Policy(this, id, {
      roles,
      statements: [
        new iam.PolicyStatement({ actions: s3Actions, resources: [this.bucket.arnForObjects(objects)] }),
        new iam.PolicyStatement({ actions: kmsActions, resources: [this.key.keyArn] }),
      ],
    });
    const bucketId = Stack.of(this).resolve((this.bucket.node.defaultChild as s3.CfnBucket).logicalId) as string;
    acknowledge(policy, {
      [`AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${objects}]`]:
        "Objects of the export bucket only, with exact actions: each export's object key is made when its job runs (`<accountId>/<jobId>.csv`), so no fixed ARN can name it; the tenant is checked in code before a link is signed.",
      'HIPAA.Security-IAMNoInlinePolicy':
        'Created, changed and deleted with the bucket it names, in the same template, and attached only to the roles of the functions that declare `exports` (tests/infra/exports.test.ts checks them); a managed policy would serve no other role.',
    });
  }
}
