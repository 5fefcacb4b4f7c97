import type { RouteDef } from '@caseload/contract/manifest';
import { safeParseStrict } from '@caseload/contract/strict';
import { logger } from '@caseload/core/observability';
import type * as z from 'zod/mini';

/** Where an answer departs from its schema, and how. */
export interface ResponseIssue {
  path: string;
  code: string;
  /** For unknown keys: their names. */
  keys?: string[];
  /** zod's message: names what was expected (and the type received), for the developer reading a failed test. */
  message: string;
}

/** An answer that does not match its route's contract: a bug in the server, never in the request. */
export class ResponseContractError extends Error {
  override readonly name = 'ResponseContractError';
  constructor(
    readonly route: string,
    readonly issues: ResponseIssue[],
  ) {
    super(`The answer of ${route} does not match its response schema: ${issues.map(describe).join('; ')}`);
  }
}

const describe = (i: ResponseIssue) => `${i.path || '(root)'}: ${i.message}`;

/** A union's failure lists each branch's issues, so the report says what each branch missed. */
function flatten(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[] = []): ResponseIssue[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length) return issue.errors.flatMap((branch) => flatten(branch, path));
    return [{ path: path.map(String).join('.'), code: issue.code, message: issue.message, ...(issue.code === 'unrecognized_keys' && { keys: issue.keys }) }];
  });
}

/**
 * Outside production the pipeline checks every JSON answer here, so the SPA's typed calls rest on
 * checked facts. Parses an answer as it goes on the wire (the JSON text read back) with the route's response
 * schema, unknown keys refused at every depth. A mismatch is logged with the route and the issues'
 * paths and codes (never values: an answer holds PHI) and thrown.
 */
export function checkResponse(route: RouteDef, wireBody: string | undefined) {
  const result = safeParseStrict(route.response, wireBody === undefined ? undefined : JSON.parse(wireBody));
  if (result.success) return;
  const issues = flatten(result.error.issues);
  const name = `${route.method} ${route.path}`;
  logger.error('response_contract_mismatch', { route: name, handler: route.handler, issues: issues.map(({ message: _, ...where }) => where) });
  throw new ResponseContractError(name, issues);
}
