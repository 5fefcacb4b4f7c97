/**
 * The session-provider backfill as a one-off command for a table the local runtime does not start,
 * such as the cloud's (`npm start` runs it by itself):
 *
 *   TABLE_NAME=<table> AWS_REGION=<region> npx tsx packages/local/src/migrate-session-providers.ts
 *
 * With DYNAMODB_ENDPOINT set it works on that DynamoDB instead. Idempotent: a finished run leaves a
 * marker, and re-running after an interruption only updates what is still missing.
 */
import { migrateSessionProviders } from '@caseload/core/sessions/migrate-provider';
import { tableName } from '@caseload/core/table';

const updated = await migrateSessionProviders(console.log);
console.log(`Session providers on ${tableName()}: ${updated} session(s) updated`);
