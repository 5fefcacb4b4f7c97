/**
 * The signature-facts backfill as a one-off command for a table the local runtime does not start,
 * such as the cloud's (`npm start` runs it by itself):
 *
 *   TABLE_NAME=<table> AWS_REGION=<region> npx tsx packages/local/src/migrate-signature-facts.ts
 *
 * With DYNAMODB_ENDPOINT set it works on that DynamoDB instead. Idempotent: a finished run leaves a
 * marker, and re-running after an interruption only updates what is still missing.
 */
import { migrateSignatureFacts } from '@caseload/core/signatures/migrate-facts';
import { tableName } from '@caseload/core/table';

const updated = await migrateSignatureFacts(console.log);
console.log(`Signature facts on ${tableName()}: ${updated} signature(s) updated`);
