/**
 * API: an HTTP API with the `$default` stage (throttled, access-logged without request paths or
 * bodies) and one Lambda function per route of the manifest, made in a loop. Nothing here names
 * a route: the manifest is the only list.
 */
import { Aws, Duration } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { DEFAULT_ROUTE_TIMEOUT_SECONDS, type RouteDef } from '../../packages/contract/src/manifest.ts';
import { accessProfileForRoute, declares } from './access.ts';
import { DEFAULT_MEMORY_MB, LOG_RETENTION, type FunctionFactory } from './functions.ts';
import { acknowledge } from './nag.ts';
import type { Notes } from './notes.ts';
import type { RolePool } from './roles.ts';

export type ManifestRoute = RouteDef & { name: string };

export interface ApiProps {
  rateLimit: number;
  burstLimit: number;
  authRateLimit: number;
  authBurstLimit: number;
  /** Encrypts the access log group. */
  logKey: kms.IKey;
}

export interface RouteFunction {
  route: ManifestRoute;
  fn: lambda.Function;
  httpRoute: apigw.HttpRoute;
}

export interface AddRoutesProps {
  routes: readonly ManifestRoute[];
  factory: FunctionFactory;
  environment: Record<string, string>;
  /** Extra environment for functions that declare `totpSecret` (the sealing key), encrypted with `authKey`. */
  authEnvironment: Record<string, string>;
  authKey: kms.IKey;
  /** Extra environment for functions that declare `cursorKey` (the list-cursor key). */
  cursorEnvironment: Record<string, string>;
  roles: RolePool;
  notes: Notes;
  /**
   * Where a route's function, route and integration go (a route group's nested stack, routes.ts);
   * the Api construct itself when not given.
   */
  scopeFor?: (route: ManifestRoute) => Construct;
}

/** `getCurrentUser` → `GetCurrentUser`, for construct ids. */
export const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly accessLogs: logs.LogGroup;
  readonly routeFunctions: RouteFunction[] = [];
  private readonly props: ApiProps;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.props = props;
    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'Caseload API: one route per manifest entry',
      // The stage is made below, so it can carry throttling and access logs.
      createDefaultStage: false,
    });

    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: LOG_RETENTION, encryptionKey: props.logKey });
    // No path (it carries record ids), no query string, no headers, no body: nothing clinical.
    const format = AccessLogFormat.custom(
      JSON.stringify({
        requestId: '$context.requestId',
        time: '$context.requestTime',
        ip: '$context.identity.sourceIp',
        routeKey: '$context.routeKey',
        status: '$context.status',
        responseLength: '$context.responseLength',
        responseLatency: '$context.responseLatency',
        integrationLatency: '$context.integrationLatency',
        integrationStatus: '$context.integrationStatus',
        error: '$context.error.responseType',
      }),
    );
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: props.rateLimit, burstLimit: props.burstLimit },
      accessLogSettings: { destination: new apigw.LogGroupLogDestination(this.accessLogs), format },
    });
  }

  /** `abc123.execute-api.eu-west-1.amazonaws.com`: the CloudFront origin. */
  get domainName(): string {
    return `${this.httpApi.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;
  }

  addManifestRoutes({ routes, factory, environment, authEnvironment, authKey, cursorEnvironment, roles, notes, scopeFor }: AddRoutesProps) {
    const missing = factory.missingEntries(routes.map((r) => r.handler));
    if (missing.length > 0) {
      throw new Error(`Handler modules missing for ${missing.length} manifest route(s): ${missing.map((h) => `functions/${h}.ts`).join(', ')}`);
    }
    const seenKeys = new Set<string>();
    for (const route of routes) {
      const routeKey = `${route.method} ${route.path}`;
      if (seenKeys.has(routeKey)) throw new Error(`Duplicate route in the manifest: ${routeKey}`);
      seenKeys.add(routeKey);

      const id = pascal(route.name);
      const profile = accessProfileForRoute(route);
      const scope = scopeFor?.(route) ?? this;
      const fn = factory.create(scope, id, {
        handler: route.handler,
        description: `${routeKey} (${route.handler})`,
        timeout: Duration.seconds(route.timeoutSeconds ?? DEFAULT_ROUTE_TIMEOUT_SECONDS),
        memorySize: route.memoryMb ?? DEFAULT_MEMORY_MB,
        environment: {
          ...environment,
          ...(profile.totp ? authEnvironment : {}),
          ...(declares(route, 'cursorKey') ? cursorEnvironment : {}),
          ...(profile.enqueue ? { BULK_QUEUE_URL: notes.queue.queueUrl } : {}),
        },
        environmentEncryption: profile.totp ? authKey : undefined,
        access: roles.accessFor(profile),
        idempotent: route.idempotent,
        pdf: declares(route, 'pdf'),
        invocation: 'api',
      });

      const httpRoute = new apigw.HttpRoute(scope, `${id}Route`, {
        httpApi: this.httpApi,
        routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${id}Integration`, fn),
      });
      acknowledge(httpRoute, {
        'AwsSolutions-APIG4':
          route.auth === 'public'
            ? 'A public route (sign-in, registration, a family entering its code): it is how a caller gets a session, so no authorizer could admit it. It is limited by the stage throttle, sign-in routes also per route, by the per-IP WAF rate rules and by the per-account lockout in code (per share for a family link).'
            : route.auth === 'family'
              ? "A family's route (part 4 §6): the pipeline checks the family's own cookie against its visit of the link's share in DynamoDB and the share's state before any handler code; no user authorizer applies to a family."
              : "The route's function checks the session cookie itself (the pipeline's auth step, before any handler code) against the login session in DynamoDB, with the user's permissions and organization; an API Gateway authorizer would add a second invocation and round trip to every request and check less.",
      });
      this.routeFunctions.push({ route, fn, httpRoute });
    }
    this.throttleCredentialRoutes();
  }

  /**
   * Sign-in routes get a district-wide ceiling below the stage's (config LIMITS.authRateLimit: it
   * bounds the scrypt work anonymous callers can cause). Credential stuffing is met per IP by the
   * edge stack's WAF rate rules and per account by the lockout in code. Route settings may only
   * name routes that exist, so the stage waits for them.
   */
  private throttleCredentialRoutes() {
    const cfnStage = this.stage.node.defaultChild as apigw.CfnStage;
    // RouteSettings is a JSON map (route key → RouteSettings) that CDK passes through as is, so
    // it is written with CloudFormation's own property names.
    const settings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const { route, httpRoute } of this.routeFunctions) {
      if (!route.credentialThrottle) continue;
      settings[`${route.method} ${route.path}`] = {
        ThrottlingRateLimit: this.props.authRateLimit,
        ThrottlingBurstLimit: this.props.authBurstLimit,
      };
      this.stage.node.addDependency(httpRoute);
    }
    if (Object.keys(settings).length > 0) cfnStage.routeSettings = settings;
  }
}
