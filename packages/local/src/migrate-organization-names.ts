/**
 * The organization-name backfill as a one-off command for a table the local runtime does not
 * start, such as the cloud's (`npm start` runs it by itself):
 *
 *   TABLE_NAME=<table> AWS_REGION=<region> npx tsx packages/local/src/migrate-organization-names.ts
 *
 * With DYNAMODB_ENDPOINT set it works on that DynamoDB instead. Idempotent: a finished run leaves a
 * marker, and re-running after an interruption only claims what is still unguarded.
 */
import { migrateOrganizationNames } from '@caseload/core/caseload/migrate-organization-names';
import { tableName } from '@caseload/core/table';

const claimed = await migrateOrganizationNames(console.log);
console.log(`Organization name guards on ${tableName()}: ${claimed} organization(s) claimed their name`);
