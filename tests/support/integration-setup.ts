import { randomUUID } from 'node:crypto';
import { beforeAll, inject } from 'vitest';
import { ensureTable } from '../../packages/core/src/db.ts';

// Each test file gets its own table in the shared in-memory DynamoDB Local.
process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
process.env.TABLE_NAME = `test-${randomUUID()}`;
process.env.NOTE_GENERATOR ??= 'local';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

beforeAll(async () => {
  await ensureTable(process.env.TABLE_NAME);
});
