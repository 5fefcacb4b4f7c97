import { beforeAll, describe, expect, it } from 'vitest';
import { routeList, workers } from '../../packages/contract/src/manifest.ts';
import { EXPORT_FILE_DAYS } from '../../infra/constructs/exports.ts';
import { asList, handlerFunctions, ofType, refId, referencedIds, statementsOfHandler, synthStack, type Synth } from './support.ts';

/** The export files' bucket (infra/constructs/exports.ts) and who may touch it. */
let s: Synth;
let bucketId: string;
beforeAll(() => {
  s = synthStack();
  const buckets = ofType(s.resources, 'AWS::S3::Bucket').filter(([id]) => id.startsWith('Exports'));
  expect(buckets).toHaveLength(1);
  bucketId = buckets[0]![0];
});

const touchesBucket = (handler: string) => statementsOfHandler(s.resources, handler).filter((st) => referencedIds(st.Resource).has(bucketId));
const s3Actions = (handler: string) => touchesBucket(handler).flatMap((st) => asList(st.Action));

describe('the export files bucket', () => {
  it('is private, TLS only, encrypted with its own KMS key, and deletes files after a week', () => {
    const bucket = s.resources[bucketId]!.Properties!;
    expect(bucket.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    const encryption = bucket.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault;
    expect(encryption.SSEAlgorithm).toBe('aws:kms');
    expect(ofType(s.resources, 'AWS::KMS::Key').map(([id]) => id)).toContain(refId(encryption.KMSMasterKeyID));
    expect(bucket.LifecycleConfiguration.Rules).toContainEqual(expect.objectContaining({ ExpirationInDays: EXPORT_FILE_DAYS, Status: 'Enabled' }));
    const policy = ofType(s.resources, 'AWS::S3::BucketPolicy').find(([, p]) => refId(p.Properties?.Bucket) === bucketId);
    expect(JSON.stringify(policy?.[1].Properties?.PolicyDocument)).toContain('aws:SecureTransport');
  });

  it('is written by the job worker and read only by the routes that declare `exports`, which alone know its name', () => {
    const worker = workers.bulkGenerationWorker.handler;
    expect(s3Actions(worker)).toContain('s3:PutObject');
    expect(s3Actions(worker)).not.toContain('s3:GetObject*');
    const fns = handlerFunctions(s.resources);
    for (const route of routeList) {
      const declares = route.uses?.includes('exports') ?? false;
      // Roster uploads are the same bucket's `roster-uploads/` (tests/infra/roster-import.test.ts).
      const uploads = route.uses?.includes('rosterUploads') ?? false;
      const actions = s3Actions(route.handler);
      expect(actions.some((a) => a.startsWith('s3:Get')), route.name).toBe(declares || uploads);
      expect(actions.some((a) => a.startsWith('s3:Put')), route.name).toBe(uploads);
      const env = fns.get(route.handler)!.resource.Properties?.Environment?.Variables ?? {};
      expect('EXPORTS_BUCKET' in env, route.name).toBe(declares || uploads);
    }
    expect(routeList.filter((r) => r.uses?.includes('exports')).map((r) => r.name).sort()).toEqual(['downloadExport', 'getExport']);
  });
});
