/**
 * One way to make a Lambda function for a handler module under functions/: nodejs24.x on arm64,
 * ESM bundled by the repository's own esbuild (no Docker), minified with source maps, JSON logs
 * into its access profile's log group (roles.ts), active X-Ray tracing.
 *
 * For fast template tests the bundling can be switched off (`bundling: 'inline'`): the function
 * then gets a two-line inline placeholder. Everything else (runtime, architecture, environment,
 * role, policies, log group, integration) is identical, so the template assertions still hold.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { FONTS_FOLDER, pdfFontFiles } from '../../packages/core/src/pdf/fonts.ts';
import { repoRoot, type CaseloadConfig } from '../config.ts';
import { acknowledge, type Reasons } from './nag.ts';

/**
 * ESM output still meets CommonJS dependencies that call `require` (for Node built-ins): give
 * the bundle a real `require`. esbuild does not see the banner, so its import takes a name no
 * bundled module uses: PDFKit itself imports `createRequire`, which an unminified bundle keeps
 * as is at the top level.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __caseloadCreateRequire } from 'module'; const require = __caseloadCreateRequire(import.meta.url);";

/**
 * The latest Node.js runtime. Caseload's code and dependencies run on it: every handler is async
 * (nodejs24.x dropped callback handlers), nothing uses an API Node 24 removed, and the runtime's
 * own AWS SDK v3 is what the bundles import. The bundles keep the node22 syntax target (runs on
 * 24 as is) so the tests can also run them on the Node 20.19+ the repository supports locally.
 */
export const RUNTIME = lambda.Runtime.NODEJS_24_X;
export const ARCHITECTURE = lambda.Architecture.ARM_64;
export const LOG_RETENTION = logs.RetentionDays.ONE_MONTH;

/** Findings of the rule packs that hold for every function by design (see nag.ts). */
const EVERY_FUNCTION: Reasons = {
  'HIPAA.Security-LambdaInsideVPC':
    'Caseload has no private network resources: DynamoDB, Bedrock, SQS and KMS are reached over their IAM-authenticated TLS endpoints, and each role is limited to its own table key families and actions (access.ts). A VPC would add NAT gateways or endpoints and cold-start latency and protect nothing more.',
};

/** Functions API Gateway invokes synchronously, one per manifest route. */
const API_FUNCTION: Reasons = {
  'HIPAA.Security-LambdaDLQ':
    'Invoked synchronously by API Gateway only: a dead-letter queue receives failed asynchronous invocations, which never happen here. A failure returns to the caller as a 5xx, is logged, and counts toward the API 5xx alarm.',
  'Serverless-LambdaDLQ':
    'Invoked synchronously by API Gateway only, so a dead-letter target would never receive anything; failures return to the caller as a 5xx and raise the API 5xx alarm.',
  'HIPAA.Security-LambdaConcurrency':
    "Bounded by the API stage's throttle (apiRateLimit / apiBurstLimit) and the per-route throttle of sign-in routes; reserving concurrency for each of the route functions would split the account's pool into dozens of small fixed slices and throttle one route while others sit idle.",
};

export type Invocation = 'api' | 'queue';
/** Memory of a function that declares none (the manifest's `memoryMb`). */
export const DEFAULT_MEMORY_MB = 512;

/**
 * Build-time constants of every function bundle; esbuild drops the code behind the branches they
 * close. tests/infra/bundles.test.ts builds with the same.
 */
export function bundleDefines(props: { idempotent?: boolean }): Record<string, string> {
  return {
    // packages/pipeline/src/pipeline.ts (loadIdempotency): 'off' drops Powertools idempotency.
    'process.env.CASELOAD_IDEMPOTENCY': JSON.stringify(props.idempotent ? 'on' : 'off'),
    // packages/core/src/jobs/dispatch.ts: a Lambda never runs a bulk job in process.
    'process.env.CASELOAD_BULK_IN_PROCESS': JSON.stringify('off'),
    // packages/core/src/notes/generator.ts: a Lambda writes notes with Bedrock (the stack sets the same
    // NOTE_GENERATOR); the local stand-in of `npm start` stays out of the bundles.
    'process.env.NOTE_GENERATOR': JSON.stringify('bedrock'),
    // packages/pipeline/src/response-check.ts: answers are checked against the contract only outside production.
    'process.env.NODE_ENV': JSON.stringify('production'),
  };
}

/**
 * Modules a dependency loads but Caseload's configuration never runs, replaced in every function
 * bundle by stand-ins that fail loudly if reached (see each file). Paths are absolute, since esbuild
 * resolves an alias from its working directory.
 */
export const BUNDLE_ALIASES: Record<string, string> = {
  '@aws-lambda-powertools/jmespath': join(repoRoot, 'infra/bundling/unused-jmespath.ts'),
  '@aws-lambda-powertools/jmespath/functions': join(repoRoot, 'infra/bundling/unused-jmespath.ts'),
  cssfilter: join(repoRoot, 'infra/bundling/unused-cssfilter.ts'),
  'brotli/decompress.js': join(repoRoot, 'infra/bundling/unused-brotli.ts'),
};

/**
 * The font files a function that declares `pdf` carries beside its bundle, in `fonts/` (where
 * packages/core/src/pdf/fonts.ts reads them): absolute paths, resolved from the repository root
 * as the package paths of `pdfFontFiles`. About 27 MiB (a face per script); a face is read only when
 * a document needs it, and PDFKit embeds only the glyphs a document uses, so the files stay out of
 * the bundle and each PDF is small.
 */
export function pdfFontSources(): string[] {
  const fromRoot = createRequire(join(repoRoot, 'package.json'));
  return pdfFontFiles.map((file) => fromRoot.resolve(file));
}

const shellQuote = (path: string) => `'${path.replaceAll("'", `'\\''`)}'`;

/**
 * NodejsFunction's commands after esbuild (a POSIX shell: Linux and macOS; local bundling only):
 * copy the font files into `<output>/fonts/`, so they are part of the function's asset.
 */
export function fontCopyHooks(fonts = pdfFontSources()): nodejs.ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (_inputDir, outputDir) => {
      const folder = shellQuote(join(outputDir, FONTS_FOLDER));
      return [`mkdir -p ${folder}`, `cp ${fonts.map(shellQuote).join(' ')} ${folder}/`];
    },
  };
}

export interface HandlerFunctionProps {
  /** Module under functions/, without extension: `sessions/create-session`. */
  handler: string;
  description: string;
  timeout: Duration;
  memorySize: number;
  environment: Record<string, string>;
  /** Customer-managed key for the environment variables (default: the AWS-managed key). */
  environmentEncryption?: kms.IKey;
  /** The execution role and the log group, its access profile's (see roles.ts). */
  access: { role: iam.IRole; logGroup: logs.ILogGroup };
  /** A create run once per Idempotency-Key (the manifest's `idempotent`): only its bundle carries the utility. */
  idempotent?: boolean;
  /** Writes PDFs (the manifest's `pdf`): the Noto font files go beside its bundle (fontCopyHooks). */
  pdf?: boolean;
  /** Who invokes it: API Gateway (synchronous) or an SQS event source (see notes.ts). */
  invocation: Invocation;
  /** Queue workers only: reserved concurrency, where failed asynchronous invocations go. */
  reservedConcurrentExecutions?: number;
  deadLetterQueue?: sqs.IQueue;
  onFailure?: lambda.IDestination;
}

export class FunctionFactory {
  constructor(
    private readonly config: Pick<CaseloadConfig, 'bundling' | 'bundleAwsSdk' | 'functionsDir'>,
  ) {}

  entryFor(handler: string): string {
    return join(this.config.functionsDir, `${handler}.ts`);
  }

  bundles(handler: string): boolean {
    const b = this.config.bundling;
    if (b === 'esbuild') return true;
    if (b === 'inline') return false;
    return b.only.includes(handler);
  }

  /** Handler modules that will be bundled but do not exist: reported all at once, not one by one. */
  missingEntries(handlers: string[]): string[] {
    return handlers.filter((h) => this.bundles(h) && !existsSync(this.entryFor(h)));
  }

  create(scope: Construct, id: string, props: HandlerFunctionProps): lambda.Function {
    const fn = this.make(scope, id, props);
    acknowledge(fn, { ...EVERY_FUNCTION, ...(props.invocation === 'api' ? API_FUNCTION : {}) });
    return fn;
  }

  private make(scope: Construct, id: string, props: HandlerFunctionProps): lambda.Function {
    const common = {
      description: props.description,
      runtime: RUNTIME,
      architecture: ARCHITECTURE,
      memorySize: props.memorySize,
      timeout: props.timeout,
      environment: props.environment,
      environmentEncryption: props.environmentEncryption,
      logGroup: props.access.logGroup,
      role: props.access.role,
      loggingFormat: lambda.LoggingFormat.JSON,
      applicationLogLevelV2: lambda.ApplicationLogLevel.INFO,
      systemLogLevelV2: lambda.SystemLogLevel.WARN,
      // Lambda's own active tracing: every invocation is sampled into X-Ray without code (the
      // Powertools Tracer's SDK would not fit the 150 KiB bundle budget of every function).
      tracing: lambda.Tracing.ACTIVE,
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      deadLetterQueue: props.deadLetterQueue,
      onFailure: props.onFailure,
    } satisfies Partial<lambda.FunctionProps>;

    if (!this.bundles(props.handler)) {
      return new lambda.Function(scope, id, {
        ...common,
        handler: 'index.handler',
        code: lambda.Code.fromInline(
          `exports.handler = async () => ({ statusCode: 503, body: '{"message":"placeholder code: synthesized without bundling"}' });`,
        ),
      });
    }

    return new nodejs.NodejsFunction(scope, id, {
      ...common,
      entry: this.entryFor(props.handler),
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: join(repoRoot, 'package-lock.json'),
      bundling: {
        forceDockerBundling: false,
        format: nodejs.OutputFormat.ESM,
        target: 'node22',
        platform: 'node',
        minify: true,
        sourceMap: true,
        // Stack traces need the mappings, not the original sources: keeps the .map small.
        sourcesContent: false,
        // Prefer packages' ES module builds: esbuild tree-shakes them far better.
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        // The nodejs24.x runtime ships AWS SDK v3; see CaseloadConfig.bundleAwsSdk.
        externalModules: this.config.bundleAwsSdk ? [] : ['@aws-sdk/*'],
        charset: nodejs.Charset.UTF8,
        define: bundleDefines(props),
        esbuildArgs: Object.fromEntries(Object.entries(BUNDLE_ALIASES).map(([from, to]) => [`--alias:${from}`, to])),
        logLevel: nodejs.LogLevel.WARNING,
        commandHooks: props.pdf ? fontCopyHooks() : undefined,
      },
    });
  }
}
