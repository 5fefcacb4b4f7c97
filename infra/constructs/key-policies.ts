import { Aws, aws_iam as iam } from 'aws-cdk-lib';

/** Key policy statements two stacks' keys share: the operations key (data.ts) and the edge's keys (edge.ts). */

/**
 * The statement that lets CloudWatch Logs encrypt this account's log groups with a KMS
 * key: the service in this region, only for log groups of this account (named in the encryption
 * context).
 */
export function logGroupsOfThisAccount(): iam.PolicyStatement {
  return new iam.PolicyStatement({
    sid: 'LogGroupsOfThisAccount',
    principals: [new iam.ServicePrincipal(`logs.${Aws.REGION}.amazonaws.com`)],
    actions: ['kms:Encrypt', 'kms:Decrypt', 'kms:ReEncryptFrom', 'kms:ReEncryptTo', 'kms:GenerateDataKey', 'kms:GenerateDataKeyWithoutPlaintext', 'kms:DescribeKey'],
    resources: ['*'],
    conditions: { ArnLike: { 'kms:EncryptionContext:aws:logs:arn': `arn:${Aws.PARTITION}:logs:${Aws.REGION}:${Aws.ACCOUNT_ID}:log-group:*` } },
  });
}

/** The statement that lets CloudWatch alarms of this account publish to a topic the key encrypts. */
export function alarmsPublishToTopic(): iam.PolicyStatement {
  return new iam.PolicyStatement({
    sid: 'AlarmsPublishToTopic',
    principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
    actions: ['kms:Decrypt', 'kms:GenerateDataKey'],
    resources: ['*'],
    conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
  });
}
