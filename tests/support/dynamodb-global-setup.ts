import type { TestProject } from 'vitest/node';
import { startDynamoLocal } from '../../packages/local/src/dynamodb-local.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

/** One in-memory DynamoDB Local per test run, always stopped at the end. */
export default async function setup(project: TestProject) {
  // This runs in vitest's main process, which the projects' `env` does not reach: the SDK's notice
  // that Node 20 leaves its support in 2027 is known (Lambda runs Node 22) and only fills the log.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dynamo = await startDynamoLocal();
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return async () => {
    await dynamo.stop();
  };
}
