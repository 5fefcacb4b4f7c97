/**
 * The API routes, in nested stacks by concern (CloudFormation's limit is 500 resources per
 * template; the main stack had 437 with 90 routes). Each route costs six resources where it lives:
 * its function, the API Gateway permission to invoke it, the HTTP route, the integration, and its
 * two alarms (5xx answers, p99 duration near the timeout). Everything routes share (the HTTP API
 * and its stage, the roles and log groups, the table, keys, secrets, queue, alarm topic) stays in
 * the parent stack and reaches a group as a nested stack parameter, which CDK generates from the
 * references.
 *
 * A route's group comes from its manifest resource, the first path segment after /api
 * (`/api/sessions/{id}` → `sessions`), by the table below. A route must never move from one
 * group to another once deployed: CloudFormation would create it in the new nested stack before
 * deleting it from the old one, and API Gateway refuses a second route with the same key. So a new
 * resource gets a group of its own (or is listed here when it is added), and existing entries are
 * never edited.
 *
 * Per-route alarms live beside their route, in the group's template, so they cost the parent
 * stack nothing and grow with the groups (a metric-math alarm may combine at most 10 metrics, and
 * an alarm cannot use a SEARCH expression, so one alarm per route is the only way to name the
 * failing route in the alarm itself).
 */
import { NestedStack } from 'aws-cdk-lib';
import type { Construct } from 'constructs';

/**
 * Resources per template that the tests allow (tests/infra/stack.test.ts). CloudFormation's hard
 * limit is 500; 400 leaves 100 for the resources CDK adds around a change (a Lambda version, a
 * custom resource) and for mistakes caught late.
 */
export const TEMPLATE_CEILING = 400;
/**
 * Resources a route group may reach before new resources go to a new group: 300 is 50 routes at six
 * resources each, leaving 100 under TEMPLATE_CEILING for routes added to the group's existing
 * resources (a new route on /api/sessions lands in Sessions whatever its size).
 */
export const ROUTE_GROUP_CEILING = 300;

/** Manifest resource (first path segment after /api) → route group. */
export const ROUTE_GROUPS: Record<string, string> = {
  // Signing in, the user and the organization's people.
  user: 'Identity',
  login: 'Identity',
  register: 'Identity',
  logout: 'Identity',
  '2fa': 'Identity',
  'trusted-devices': 'Identity',
  account: 'Identity',
  sso: 'Identity',
  users: 'Identity',
  'user-permissions': 'Identity',
  organizations: 'Identity',
  clinicians: 'Identity',
  // The calendar: sessions, series, minutes, the school year.
  sessions: 'Sessions',
  'session-series': 'Sessions',
  'service-minutes': 'Sessions',
  'service-log': 'Sessions',
  closures: 'Sessions',
  'closure-jobs': 'Sessions',
  'school-years': 'Sessions',
  'reporting-periods': 'Sessions',
  signatures: 'Sessions',
  activities: 'Sessions',
  // Clients and what is written about them.
  clients: 'Clients',
  goals: 'Clients',
  'goal-bank': 'Clients',
  ieps: 'Clients',
  progress: 'Clients',
  'progress-notes': 'Clients',
  'generate-progress-notes-bulk': 'Clients',
  reports: 'Clients',
  dashboard: 'Clients',
  // The district's roster (part 4 §3): its imports and the roster the Add Client dialog reads.
  'roster-imports': 'Roster',
  roster: 'Roster',
};
/** The manifest resource of a path: `/api/sessions/{id}/trials` → `sessions`. */
export const manifestResource = (path: string): string => path.split('/').filter(Boolean)[1] ?? '';

/**
 * A resource listed in ROUTE_GROUPS goes to its group; any other gets a group of its own, named
 * after it (`/api/exports/…` → `Exports`): stable whatever is added later, and one nested stack
 * per new resource costs the parent one resource.
 */
export const routeGroupOf = (path: string): string => {
  const resource = manifestResource(path);
  return ROUTE_GROUPS[resource] ?? resource.split(/[^a-zA-Z0-9]+/).filter(Boolean).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
};

/** One nested stack of routes (its construct id is `Routes<Group>`). */
export class RouteGroupStack extends NestedStack {
  constructor(
    scope: Construct,
    readonly group: string,
  ) {
    super(scope, `Routes${group}`, { description: `Caseload API routes: ${group}` });
  }
}
