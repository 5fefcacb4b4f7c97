/**
 * The minutes-ledger backfill as a one-off command for a table the local runtime does not start,
 * such as the cloud's (`npm start` runs it by itself):
 *
 *   TABLE_NAME=<table> AWS_REGION=<region> npx tsx packages/local/src/migrate-minutes-ledger.ts
 *
 * With DYNAMODB_ENDPOINT set it works on that DynamoDB instead. Idempotent: a finished run leaves a
 * marker, and re-running after an interruption recomputes the totals from the sessions again.
 */
import { migrateMinutesLedger } from '@caseload/core/minutes/migrate-ledger';
import { tableName } from '@caseload/core/table';

const written = await migrateMinutesLedger(console.log);
console.log(`Minutes ledger on ${tableName()}: ${written} item(s) written`);
