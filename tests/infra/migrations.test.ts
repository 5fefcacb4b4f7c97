/**
 * Data migrations as a deployment step (infra/constructs/migrations.ts): a CDK Trigger that runs
 * the migration function after the table, again when its code changes, with exactly the table
 * access the migrations need.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { workers } from '../../packages/contract/src/manifest.ts';
import { MIGRATION_KEYS, MIGRATION_TIMEOUT } from '../../infra/constructs/migrations.ts';
import { TEMPLATE_CEILING } from '../../infra/constructs/routes.ts';
import { asList, handlerFunctions, ofType, refId, referencedIds, statementsOfHandler, synthStack, type Synth } from './support.ts';

let s: Synth;
beforeAll(() => {
  s = synthStack();
});

const HANDLER = workers.dataMigrations.handler;
const tableId = () => ofType(s.resources, 'AWS::DynamoDB::Table')[0]![0];
const migrationFn = () => handlerFunctions(s.resources).get(HANDLER)!;

describe('the data-migration trigger', () => {
  it('runs the migration function, after the table, on every change of its code', () => {
    const triggers = ofType(s.resources, 'Custom::Trigger');
    expect(triggers).toHaveLength(1);
    const [, trigger] = triggers[0]!;
    // executeAfter: the trigger waits for the table.
    expect(asList(trigger.DependsOn)).toContain(tableId());
    // executeOnHandlerChange: it invokes the function's current version, so a new bundle (a new
    // version) runs it again.
    const handlerArn = trigger.Properties?.HandlerArn;
    const versionId = refId(handlerArn)!;
    expect(s.resources[versionId]?.Type).toBe('AWS::Lambda::Version');
    expect(refId(s.resources[versionId]?.Properties?.FunctionName)).toBe(migrationFn().id);
    expect(trigger.Properties?.Timeout).toBe(String(MIGRATION_TIMEOUT.toMilliseconds()));
  });

  it('gives the function the table name and the release its markers record, and nothing of the routes', () => {
    const env = migrationFn().resource.Properties!.Environment.Variables as Record<string, unknown>;
    expect(refId(env.TABLE_NAME)).toBe(tableId());
    expect(env.CASELOAD_RELEASE).toMatch(/^\d+\.\d+\.\d+/);
    expect(env.SECRET_ENCRYPTION_KEY).toBeUndefined();
    expect(env.CURSOR_SIGNING_KEY).toBeUndefined();
    expect(migrationFn().resource.Properties?.Timeout).toBe(MIGRATION_TIMEOUT.toSeconds());
  });

  it('grants the function only the table access the migrations need: tenant items and markers, plus a Scan of the table to list accounts', () => {
    const table = tableId();
    const dynamo = statementsOfHandler(s.resources, HANDLER).filter((st) => asList(st.Action).some((a) => a.startsWith('dynamodb:')));
    const items = dynamo.find((st) => st.Sid === 'TableItems')!;
    expect(items.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys']).toEqual([...MIGRATION_KEYS]);
    expect(asList(items.Action)).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']));
    for (const r of asList(items.Resource)) expect([...referencedIds(r)]).toEqual([table]);
    const scan = dynamo.find((st) => st.Sid === 'ListAccounts')!;
    expect(asList(scan.Action)).toEqual(['dynamodb:Scan']);
    expect(refId(scan.Resource)).toBe(table);
    expect(dynamo.map((st) => st.Sid).sort()).toEqual(['ListAccounts', 'TableItems']);
    // No role of a route holds the migrations' grants.
    const role = refId(migrationFn().resource.Properties?.Role);
    for (const [handler, fn] of handlerFunctions(s.resources)) if (handler !== HANDLER) expect(refId(fn.resource.Properties?.Role), handler).not.toBe(role);
  });

  it('keeps the parent template inside the resource ceiling with the trigger', () => {
    expect(Object.keys(s.json.Resources).length).toBeLessThan(TEMPLATE_CEILING);
  });
});
