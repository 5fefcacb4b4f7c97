/**
 * Helpers for the infra tests: synthesize the stack without bundling (fast), and small readers
 * for the CloudFormation template.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App } from 'aws-cdk-lib';
import * as esbuild from 'esbuild';
import { Template } from 'aws-cdk-lib/assertions';
import { repoRoot, type CaseloadConfig } from '../../infra/config.ts';
import { BUNDLE_ALIASES, ESM_REQUIRE_BANNER } from '../../infra/constructs/functions.ts';
import { CaseloadStack } from '../../infra/stack.ts';

export interface Resource {
  Type: string;
  Properties?: Record<string, any>;
  DependsOn?: string | string[];
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  Metadata?: Record<string, unknown>;
}

export interface Synth {
  stack: CaseloadStack;
  template: Template;
  resources: Record<string, Resource>;
  json: { Resources: Record<string, Resource>; Outputs?: Record<string, any> };
}

/** The stack with inline placeholder code: everything but the bundles, in a few seconds. */
export function synthStack(config: Partial<CaseloadConfig> = {}, app = new App()): Synth {
  const stack = new CaseloadStack(app, 'Caseload', { config: { bundling: 'inline', ...config } });
  const template = Template.fromStack(stack);
  const json = template.toJSON() as Synth['json'];
  return { stack, template, resources: json.Resources, json };
}

export const ofType = (resources: Record<string, Resource>, type: string) =>
  Object.entries(resources).filter(([, r]) => r.Type === type);

/** `{ Ref: X }` or `{ Fn::GetAtt: [X, …] }` → X. */
export function refId(value: unknown): string | undefined {
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.Ref === 'string') return v.Ref;
    const getAtt = v['Fn::GetAtt'];
    if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') return getAtt[0];
  }
  return undefined;
}

/** Every logical id referenced anywhere inside `value` (Ref, GetAtt, Sub placeholders). */
export function referencedIds(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => referencedIds(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (k === 'Ref' && typeof v === 'string') out.add(v);
      else if (k === 'Fn::GetAtt' && Array.isArray(v) && typeof v[0] === 'string') out.add(v[0]);
      else if (k === 'Fn::Sub') {
        const s = Array.isArray(v) ? v[0] : v;
        if (typeof s === 'string') for (const m of s.matchAll(/\$\{([\w]+)(\.[\w.]+)?\}/g)) out.add(m[1]!);
        if (Array.isArray(v)) referencedIds(v[1], out);
      } else referencedIds(v, out);
    }
  }
  return out;
}

export interface Statement {
  Sid?: string;
  Effect: string;
  Action: string | string[];
  Resource?: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

export const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Each IAM statement of the template, with the roles its policy is attached to. */
export function statements(resources: Record<string, Resource>): { policy: string; roles: string[]; statement: Statement }[] {
  const out: { policy: string; roles: string[]; statement: Statement }[] = [];
  for (const [id, r] of Object.entries(resources)) {
    if (r.Type === 'AWS::IAM::Policy' || r.Type === 'AWS::IAM::ManagedPolicy') {
      const roles = asList(r.Properties?.Roles).map((x) => refId(x) ?? String(x));
      for (const s of asList<Statement>(r.Properties?.PolicyDocument?.Statement)) out.push({ policy: id, roles, statement: s });
    }
    if (r.Type === 'AWS::IAM::Role') {
      for (const p of asList<{ PolicyDocument: { Statement: Statement[] } }>(r.Properties?.Policies)) {
        for (const s of asList(p.PolicyDocument.Statement)) out.push({ policy: id, roles: [id], statement: s });
      }
    }
  }
  return out;
}

/** The functions made from handler modules: their description ends with `(<handler>)`. */
export function handlerFunctions(resources: Record<string, Resource>) {
  const out = new Map<string, { id: string; resource: Resource }>();
  for (const [id, r] of ofType(resources, 'AWS::Lambda::Function')) {
    const m = /\(([\w/-]+)\)$/.exec(String(r.Properties?.Description ?? ''));
    if (m) out.set(m[1]!, { id, resource: r });
  }
  return out;
}

/** Statements attached to the role of the function made from `handler`. */
export function statementsOfHandler(resources: Record<string, Resource>, handler: string): Statement[] {
  const fn = handlerFunctions(resources).get(handler);
  if (!fn) throw new Error(`no function for ${handler}`);
  const role = refId(fn.resource.Properties?.Role);
  return statements(resources)
    .filter((s) => role && s.roles.includes(role))
    .map((s) => s.statement);
}

/** A module bundled as the functions are (stand-ins included, the AWS SDK external): its code and the inputs it took in. */
export async function bundleModule(entry: string): Promise<{ text: string; inputs: string[] }> {
  const result = await esbuild.build({
    entryPoints: [join(repoRoot, entry)],
    absWorkingDir: repoRoot,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    mainFields: ['module', 'main'],
    banner: { js: ESM_REQUIRE_BANNER },
    external: ['@aws-sdk/*'],
    alias: BUNDLE_ALIASES,
    metafile: true,
    logLevel: 'silent',
  });
  return { text: result.outputFiles[0]!.text, inputs: Object.keys(result.metafile.inputs) };
}

/**
 * A module bundled as the functions are and imported, with the stand-ins it took in. The file is
 * written inside the repository so the external SDK resolves from node_modules; `dispose` removes it.
 */
export async function importBundled<T>(entry: string): Promise<{ module: T; inputs: string[]; dispose: () => void }> {
  const { text, inputs } = await bundleModule(entry);
  const cache = join(repoRoot, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'bundled-'));
  const file = join(dir, 'module.mjs');
  writeFileSync(file, text);
  const dispose = () => rmSync(dir, { recursive: true, force: true });
  try {
    return { module: (await import(pathToFileURL(file).href)) as T, inputs, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}
