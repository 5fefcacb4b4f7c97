import { Aws, aws_iam as iam } from 'aws-cdk-lib';

/**
 * The key policy statement that lets CloudWatch Logs encrypt this account's log groups with a KMS
 * key: the service in this region, only for log groups of this account (named in the encryption
 * context). Shared by the operations key (data.ts) and the WAF log key (edge.ts).
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
