import type { TestProject } from 'vitest/node';
import { startDynamoLocal } from '../../packages/local/src/dynamodb-local.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

/** One in-memory DynamoDB Local per test run, always stopped at the end. */
export default async function setup(project: TestProject) {
  const dynamo = await startDynamoLocal();
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return async () => {
    await dynamo.stop();
  };
}
