/**
 * The files of whole-district exports (part 4 §9; docs/background-jobs.md): one private bucket,
 * encrypted with its own KMS key, TLS only, objects deleted after EXPORT_FILE_DAYS. The job
 * worker writes the files; the routes that declare the `exports` capability (access.ts) may read
 * them, which is what signing a download link for the browser needs. Both learn the bucket from
 * EXPORTS_BUCKET. Routes and worker keep the role of their access profile: the `Exports` profiles
 * are theirs alone, so no other function gains access.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { FunctionDef } from '../../packages/contract/src/manifest.ts';
import { declares } from './access.ts';
import { acknowledge } from './nag.ts';

/** An export is fetched minutes after it is made; a week leaves room to download it again. */
export const EXPORT_FILE_DAYS = 7;

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
      ],
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 's3-exports/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(this.bucket, {
      'HIPAA.Security-S3BucketReplicationEnabled':
        'Export files are copies made on request and deleted after a week; the records they come from live in DynamoDB (point-in-time recovery and AWS Backup). A replica would keep student data in a second place for no recovery need.',
    });

    for (const { route, fn } of props.routeFunctions) {
      if (!declares(route, 'exports')) continue;
      this.bucket.grantRead(fn);
      fn.addEnvironment('EXPORTS_BUCKET', this.bucket.bucketName);
    }
    this.bucket.grantPut(props.worker);
    props.worker.addEnvironment('EXPORTS_BUCKET', this.bucket.bucketName);
  }
}
