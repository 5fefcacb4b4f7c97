/**
 * Helpers for the infra tests: synthesize the stack without bundling (fast), and small readers
 * for the CloudFormation template.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, NestedStack, Stack } from 'aws-cdk-lib';
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

interface TemplateJson {
  Resources: Record<string, Resource>;
  Outputs?: Record<string, any>;
  Parameters?: Record<string, unknown>;
}

export interface Synth {
  stack: CaseloadStack;
  /** The parent stack's own template. */
  template: Template;
  /**
   * Every resource of the parent and of its nested stacks (the route groups) as one template would
   * hold them: a nested template's parameter is replaced by what the parent passes it, and the
   * parent's `Outputs.X` of a nested stack by the output's value, so Ref and GetAtt read across
   * the stacks as they did in one template. The nested stack resources themselves are left out.
   */
  resources: Record<string, Resource>;
  /** The parent template. */
  json: TemplateJson;
  /** Each template by construct path (`Caseload`, `Caseload/RoutesSessions`, …) with its own resources. */
  templates: Map<string, TemplateJson>;
}

/** Replaces `{ Ref: param }` by `params[param]` and `{ Fn::GetAtt: [stack, 'Outputs.X'] }` by `outputs(stack, X)`, everywhere in `value`. */
function rewrite(value: unknown, params: Record<string, unknown>, output: (stack: string, name: string) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, params, output));
  if (!value || typeof value !== 'object') return value;
  const v = value as Record<string, unknown>;
  if (typeof v.Ref === 'string' && v.Ref in params) return params[v.Ref];
  const getAtt = v['Fn::GetAtt'];
  if (Array.isArray(getAtt) && typeof getAtt[1] === 'string' && getAtt[1].startsWith('Outputs.')) {
    const found = output(String(getAtt[0]), getAtt[1].slice('Outputs.'.length));
    if (found !== undefined) return found;
  }
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rewrite(x, params, output)]));
}

/** The merged view of a stack and its nested stacks (see Synth.resources). */
export function mergedResources(stack: Stack): { resources: Record<string, Resource>; templates: Map<string, TemplateJson> } {
  const templates = new Map<string, TemplateJson>();
  const nested = stack.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c));
  templates.set(stack.node.path, Template.fromStack(stack).toJSON() as TemplateJson);
  for (const n of nested) templates.set(n.node.path, Template.fromStack(n).toJSON() as TemplateJson);
  const parent = templates.get(stack.node.path)!;
  // The parent's logical id of each nested stack resource → that nested stack's template.
  const byLogicalId = new Map<string, TemplateJson>();
  for (const n of nested) byLogicalId.set(stack.getLogicalId(n.nestedStackResource!), templates.get(n.node.path)!);
  const merged: Record<string, Resource> = {};
  const outputs = (id: string, name: string): unknown => {
    const t = byLogicalId.get(id);
    if (!t) return undefined;
    const paramsOf = (parent.Resources[id]?.Properties?.Parameters ?? {}) as Record<string, unknown>;
    return rewrite(t.Outputs?.[name]?.Value, paramsOf, outputs);
  };
  for (const [id, r] of Object.entries(parent.Resources)) {
    if (byLogicalId.has(id)) continue;
    merged[id] = rewrite(r, {}, outputs) as Resource;
  }
  for (const [stackId, t] of byLogicalId) {
    const params = (parent.Resources[stackId]?.Properties?.Parameters ?? {}) as Record<string, unknown>;
    for (const [id, r] of Object.entries(t.Resources)) {
      if (id in merged) throw new Error(`logical id ${id} is in two templates; the merged view needs them distinct`);
      merged[id] = rewrite(r, params, outputs) as Resource;
    }
  }
  return { resources: merged, templates };
}

/** The stack with inline placeholder code: everything but the bundles, in a few seconds. */
export function synthStack(config: Partial<CaseloadConfig> = {}, app = new App()): Synth {
  const stack = new CaseloadStack(app, 'Caseload', { config: { bundling: 'inline', ...config } });
  const template = Template.fromStack(stack);
  const json = template.toJSON() as TemplateJson;
  const { resources, templates } = mergedResources(stack);
  return { stack, template, resources, json, templates };
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
