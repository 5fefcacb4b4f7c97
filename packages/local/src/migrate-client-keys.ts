/**
 * The client-caseload backfill as a one-off command for a table the local runtime does not start,
 * such as the cloud's (`npm start` runs it by itself):
 *
 *   TABLE_NAME=<table> AWS_REGION=<region> npx tsx packages/local/src/migrate-client-keys.ts
 *
 * With DYNAMODB_ENDPOINT set it works on that DynamoDB instead. Idempotent: a finished run leaves a
 * marker, and re-running after an interruption only updates what is still missing.
 */
import { migrateClientKeys } from '@caseload/core/caseload/migrate-client-keys';
import { tableName } from '@caseload/core/table';

const updated = await migrateClientKeys(console.log);
console.log(`Client caseload keys on ${tableName()}: ${updated} client(s) updated`);
