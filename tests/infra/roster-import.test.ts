import { beforeAll, describe, expect, it } from 'vitest';
import { routeList, workers } from '../../packages/contract/src/manifest.ts';
import { ROSTER_UPLOAD_DAYS, ROSTER_UPLOAD_PREFIX } from '../../infra/constructs/exports.ts';
import { manifestResource, routeGroupOf } from '../../infra/constructs/routes.ts';
import { asList, ofType, referencedIds, statementsOfHandler, synthStack, type Synth } from './support.ts';

/** Roster uploads (part 4 §3): `roster-uploads/` of the export bucket, who may touch it, and where the routes live. */
let s: Synth;
let bucketId: string;
beforeAll(() => {
  s = synthStack();
  bucketId = ofType(s.resources, 'AWS::S3::Bucket').filter(([id]) => id.startsWith('Exports'))[0]![0];
});

const onUploads = (handler: string) =>
  statementsOfHandler(s.resources, handler).filter((st) => referencedIds(st.Resource).has(bucketId) && JSON.stringify(st.Resource).includes(ROSTER_UPLOAD_PREFIX));
const actionsOn = (handler: string) => onUploads(handler).flatMap((st) => asList(st.Action)).sort();

describe('roster uploads', () => {
  it('expire after a day in the encrypted export bucket, and the browser may PUT them from the app', () => {
    const bucket = s.resources[bucketId]!.Properties!;
    expect(bucket.LifecycleConfiguration.Rules).toContainEqual(expect.objectContaining({ Prefix: ROSTER_UPLOAD_PREFIX, ExpirationInDays: ROSTER_UPLOAD_DAYS, Status: 'Enabled' }));
    expect(bucket.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('aws:kms');
    expect(bucket.CorsConfiguration.CorsRules).toEqual([expect.objectContaining({ AllowedMethods: ['PUT'] })]);
  });

  it('are signed and read by the routes that declare `rosterUploads`, read and deleted by the worker, under their prefix only', () => {
    const declaring = routeList.filter((r) => r.uses?.includes('rosterUploads'));
    expect(declaring.map((r) => r.name).sort()).toEqual(['applyAccountImport', 'previewRosterImport', 'startAccountImport', 'startRosterImport']);
    for (const route of declaring) expect(actionsOn(route.handler), route.name).toEqual(['s3:GetObject', 's3:PutObject']);
    for (const route of routeList.filter((r) => !r.uses?.includes('rosterUploads'))) expect(actionsOn(route.handler), route.name).toEqual([]);
    expect(actionsOn(workers.bulkGenerationWorker.handler)).toEqual(['s3:DeleteObject', 's3:GetObject']);
  });

  it('puts the roster routes in one route group of their own', () => {
    const groups = new Set(routeList.filter((r) => ['roster-imports', 'roster'].includes(manifestResource(r.path))).map((r) => routeGroupOf(r.path)));
    expect([...groups]).toEqual(['Roster']);
  });
});
