/**
 * AI progress notes: the Bedrock permission, and bulk generation on an asynchronous worker.
 *
 * API Gateway stops waiting after 30 s, and a bulk run over a caseload takes minutes. So the bulk
 * route only records the job and sends `{ accountId, jobId }` to an SQS queue; the worker Lambda
 * (15 min) does the generation and writes progress to the job item, which the SPA polls. A
 * message that fails three times moves to the dead-letter queue (the queue's redrive policy) and
 * raises an alarm; the worker's own dead-letter queue and on-failure destination (for an
 * asynchronous invocation, which only an operator would make) are that same queue.
 */
import { Aws, Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from './nag.ts';

/** Cross-region inference profile ids start with a geography: `us.anthropic…`, `eu.…`, `global.…`. */
const PROFILE_PREFIX = /^(us|us-gov|eu|apac|ap|ca|jp|au|global)\.(.+)$/;

export interface BedrockTarget {
  /** What InvokeModel / Converse is called with. */
  modelId: string;
  /** The foundation model behind it. */
  foundationModelId: string;
  /** Set when modelId is a cross-region inference profile. */
  inferenceProfileId?: string;
}

export function bedrockTarget(modelId: string): BedrockTarget {
  const m = PROFILE_PREFIX.exec(modelId);
  return m ? { modelId, foundationModelId: m[2]!, inferenceProfileId: modelId } : { modelId, foundationModelId: modelId };
}

/**
 * `bedrock:InvokeModel` (the Converse API is authorised as InvokeModel) and its streaming twin,
 * on the configured model only.
 *
 * - A foundation model id: the model's ARN in this region.
 * - An inference profile id: the profile's ARN in this region, plus the foundation model in any
 *   region the profile may route to, but only when the call comes through that very profile
 *   (`bedrock:InferenceProfileArn`). This is the form AWS documents for cross-region inference.
 */
export function bedrockStatements(modelId: string): iam.PolicyStatement[] {
  const target = bedrockTarget(modelId);
  const actions = ['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream'];
  if (!target.inferenceProfileId) {
    return [
      new iam.PolicyStatement({
        sid: 'InvokeConfiguredModel',
        actions,
        resources: [`arn:${Aws.PARTITION}:bedrock:${Aws.REGION}::foundation-model/${target.foundationModelId}`],
      }),
    ];
  }
  const profileArn = `arn:${Aws.PARTITION}:bedrock:${Aws.REGION}:${Aws.ACCOUNT_ID}:inference-profile/${target.inferenceProfileId}`;
  return [
    new iam.PolicyStatement({ sid: 'InvokeConfiguredProfile', actions, resources: [profileArn] }),
    new iam.PolicyStatement({
      sid: 'InvokeModelThroughProfile',
      actions,
      resources: [`arn:${Aws.PARTITION}:bedrock:*::foundation-model/${target.foundationModelId}`],
      conditions: { StringEquals: { 'bedrock:InferenceProfileArn': profileArn } },
    }),
  ];
}

/** Receives before a bulk message goes to the dead-letter queue (the worker reads it too). */
export const MAX_RECEIVE_COUNT = 3;

export interface NotesProps {
  modelId: string;
  /** The worker's Lambda timeout; the queue's visibility timeout is derived from it. */
  workerTimeout: Duration;
}

export class Notes extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly modelId: string;
  private readonly workerTimeout: Duration;

  constructor(scope: Construct, id: string, props: NotesProps) {
    super(scope, id);
    this.modelId = props.modelId;
    this.workerTimeout = props.workerTimeout;

    this.deadLetterQueue = new sqs.Queue(this, 'BulkGenerationDlq', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    acknowledge(this.deadLetterQueue, {
      'Serverless-SQSRedrivePolicy':
        'This is the dead-letter queue itself (of the bulk queue and of the worker): a message here has already failed three times and raises the dead-letter alarm; an operator re-drives it to the source queue after a fix. A further dead-letter queue would only hide it.',
    });
    this.queue = new sqs.Queue(this, 'BulkGenerationQueue', {
      // AWS's guidance for Lambda event sources: at least 6× the function timeout, so a message
      // is not handed to a second worker while the first is still on it (and retries back off).
      visibilityTimeout: Duration.seconds(props.workerTimeout.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_RECEIVE_COUNT },
    });
  }

  /** Lets the bulk route enqueue jobs (and nothing else on the queue). */
  grantEnqueue(grantee: iam.IGrantable) {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({ sid: 'EnqueueBulkJobs', actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }),
    );
  }

  grantBedrock(grantee: iam.IGrantable) {
    for (const statement of bedrockStatements(this.modelId)) grantee.grantPrincipal.addToPrincipalPolicy(statement);
  }

  /**
   * Connects the worker: one message (one job) per invocation, at most `maxConcurrency` jobs at
   * once. The SQS event source's maximum concurrency bounds Bedrock load; the worker's reserved
   * concurrency (the same number, see stack.ts) keeps that capacity for it whatever the API does.
   */
  attachWorker(worker: lambda.Function, maxConcurrency: number) {
    if (worker.timeout && worker.timeout.toSeconds() !== this.workerTimeout.toSeconds()) {
      throw new Error('The worker timeout must match NotesProps.workerTimeout (the queue visibility timeout is derived from it).');
    }
    // On its last receive the worker closes the job's remaining clients as failed, so the page
    // stops waiting before the message moves to the dead-letter queue.
    worker.addEnvironment('BULK_MAX_RECEIVES', String(MAX_RECEIVE_COUNT));
    const source = new SqsEventSource(this.queue, { batchSize: 1, maxConcurrency, reportBatchItemFailures: true });
    worker.addEventSource(source);
    const mapping = worker.node.findAll().find((c) => c.node.id.startsWith('SqsEventSource:'));
    if (!mapping) throw new Error('The SQS event source mapping of the bulk worker was not found');
    acknowledge(mapping, {
      'Serverless-LambdaEventSourceMappingDestination':
        "Lambda offers on-failure destinations for stream and Kafka event sources only, not for SQS. A failed bulk message goes back to the queue and, after three receives, to the dead-letter queue by the queue's redrive policy, which raises an alarm.",
    });
  }

}
