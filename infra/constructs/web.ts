/**
 * Web: the built SPA in a private S3 bucket behind CloudFront (origin access control), and the
 * API under the same origin at /api/*, so the session cookie is first-party and no CORS is needed.
 *
 * Screen paths (/clients/123) are rewritten to /index.html by a CloudFront Function on the
 * default behaviour only. Distribution-wide error responses would do it too, but they would also
 * turn the API's JSON 404s and 403s into index.html.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { LOG_RETENTION } from './functions.ts';
import { acknowledge } from './nag.ts';

/** Access logs (S3 server access logs, CloudFront standard logs) are kept this long. */
export const ACCESS_LOG_DAYS = 365;

/**
 * The SPA's Content-Security-Policy. Vite emits external module scripts only, so scripts need no
 * exception. Chakra UI (emotion) injects <style> elements and the rich-text editor writes style
 * attributes (color, text-align): styles need 'unsafe-inline'. QR codes for 2FA are PNG data:
 * URLs. The API is same-origin, so connect-src 'self' is enough.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
  'upgrade-insecure-requests',
].join('; ');

/**
 * Viewer-request function: a path whose last segment has no file extension is a screen of the
 * SPA, so it gets /index.html; files (/assets/index-abc.js, /favicon.svg) pass through.
 * cloudfront-js-2.0 runtime.
 */
export const SPA_REWRITE_FUNCTION = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

export interface WebProps {
  /** Domain name of the HTTP API (the /api/* origin). */
  apiDomainName: string;
  /** The directory to deploy: web/dist or the placeholder. */
  webDir: string;
  domainName?: string;
  certificateArn?: string;
  /** AWS WAF web ACL (CLOUDFRONT scope, us-east-1; see edge.ts) in front of the distribution. */
  webAclArn?: string;
  /** ISO 3166-1 alpha-2 countries allowed to reach the site; none: no geographic restriction. */
  allowedCountries?: string[];
  /** Encrypts the log group of the site deployment's handler. */
  logKey: kms.IKey;
}

export class Web extends Construct {
  readonly bucket: s3.Bucket;
  /** S3 server access logs and CloudFront standard logs: private, encrypted, expiring. */
  readonly logBucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly spaFunction: cloudfront.Function;
  /** https://<custom domain or distribution domain> */
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);

    // CloudFront's standard logs are written with an ACL (the awslogsdelivery account), so this
    // bucket keeps ACLs with the bucket owner preferred; nothing in it is public.
    this.logBucket = new s3.Bucket(this, 'LogBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      versioned: true,
      lifecycleRules: [
        {
          id: 'ExpireAccessLogs',
          expiration: Duration.days(ACCESS_LOG_DAYS),
          noncurrentVersionExpiration: Duration.days(30),
          abortIncompleteMultipartUploadAfter: Duration.days(7),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(this.logBucket, {
      'HIPAA.Security-S3DefaultEncryptionKMS':
        'S3 server access logging delivers only to buckets encrypted with S3-managed keys (SSE-S3), not SSE-KMS. Encrypted at rest with SSE-S3, private, TLS only; the logs hold request metadata (ids, never names or note text).',
      'HIPAA.Security-S3BucketReplicationEnabled':
        'Access logs are an operational record kept for a year, versioned against overwrite; a second-region copy would double what has to be secured for no recovery need of the service.',
    });

    this.bucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // A deploy that goes wrong can be rolled back to the previous build's objects.
      versioned: true,
      lifecycleRules: [{ id: 'ExpireOldBuilds', noncurrentVersionExpiration: Duration.days(90), abortIncompleteMultipartUploadAfter: Duration.days(7) }],
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3-site/',
      // The bucket only holds the build output, which every deploy rewrites.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(this.bucket, {
      'HIPAA.Security-S3DefaultEncryptionKMS':
        "Holds only the public build of the web app (HTML, JavaScript, CSS), which every browser downloads; no student or user data is ever stored here. Encrypted at rest with S3-managed keys; KMS would add a key grant to CloudFront's origin access and protect nothing secret.",
      'HIPAA.Security-S3BucketReplicationEnabled':
        'Holds only the public build, reproducible from the repository by any deploy, and versioned; a replica would hold nothing that cannot be rebuilt. Student data lives in DynamoDB (point-in-time recovery and daily AWS Backup).',
    });

    this.spaFunction = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_FUNCTION),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for SPA screen paths',
    });

    const siteHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SiteHeaders', {
      comment: 'Caseload SPA: strict CSP and security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, preload: false, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.NO_REFERRER, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()', override: true },
          { header: 'Cross-Origin-Opener-Policy', value: 'same-origin', override: true },
        ],
      },
    });

    // The API sets its own, stricter headers (default-src 'none', no-store); these only fill in
    // for answers CloudFront makes itself (502/504), so they never override the origin's.
    const apiHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ApiHeaders', {
      comment: 'Caseload API: security headers where the origin sent none',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: false },
        contentTypeOptions: { override: false },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: false },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.NO_REFERRER, override: false },
      },
    });

    // CloudFront compresses only under a cache policy that puts Accept-Encoding in the key, and it
    // refuses that on a policy whose TTLs are all 0 ("invalid for policy with caching disabled"),
    // which is what CACHING_DISABLED is. So: min and default 0, max 1 s. Nothing is stored: every
    // API answer says no-store, and one without Cache-Control gets the default of 0. The key holds
    // the cookies and query string (free, as nothing is cached): should CloudFront ever share an
    // answer anyway (collapsing simultaneous requests for one key, a cached error), it can only
    // reach the same session asking the same question, never another user or tenant.
    const apiCachePolicy = new cloudfront.CachePolicy(this, 'ApiCachePolicy', {
      comment: 'Caseload API: nothing cached, answers compressed (gzip, br)',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(1),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
      cookieBehavior: cloudfront.CacheCookieBehavior.all(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
    });

    const certificate = props.certificateArn ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn) : undefined;

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Caseload: SPA and /api',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      // The TLS policy only applies with a custom certificate (the default one is fixed by AWS).
      ...(props.domainName && certificate
        ? { domainNames: [props.domainName], certificate, minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {}),
      webAclId: props.webAclArn,
      geoRestriction: props.allowedCountries?.length ? cloudfront.GeoRestriction.allowlist(...props.allowedCountries) : undefined,
      // Standard logs, without cookies: the session cookie must never be written anywhere.
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
      logIncludesCookies: false,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: siteHeaders,
        compress: true,
        functionAssociations: [{ function: this.spaFunction, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(props.apiDomainName, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
            // The longest route (note generation) may take up to 29 s.
            readTimeout: Duration.seconds(30),
          }),
          // HTTPS only, not a redirect: a redirected POST would lose its body.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: apiCachePolicy,
          // Cookies, query strings and headers reach the API; Host must be the API's own.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: apiHeaders,
          compress: true,
        },
      },
    });

    const distributionFindings: Record<string, string> = {};
    if (!props.domainName) {
      distributionFindings['AwsSolutions-CFR4'] =
        "No custom domain is configured, so the distribution serves CloudFront's default *.cloudfront.net certificate, whose security policy AWS fixes (TLSv1) and no setting can raise. Browsers negotiate TLS 1.2 or 1.3 with it; configuring domainName and certificateArn applies TLSv1.2_2021 as the minimum.";
    }
    if (!props.allowedCountries?.length) {
      distributionFindings['AwsSolutions-CFR1'] =
        'Clinicians work from schools, homes and teletherapy sites and travel; blocking by country would lock them out while stopping no determined attacker. Sign-in is protected by WAF rate rules, per-route throttling and the per-e-mail lockout. A district can set allowedCountries to restrict anyway.';
    }
    acknowledge(this.distribution, distributionFindings);

    this.siteUrl = `https://${props.domainName ?? this.distribution.distributionDomainName}`;
    this.deploySite(props.webDir, props.logKey);
  }

  /**
   * Two deployments: hashed files under assets/ are immutable and cached for a year; the rest
   * (index.html, favicon…) is revalidated on every load, then CloudFront is invalidated. The
   * second waits for the first, so a new index.html never points at files not yet uploaded. Old
   * assets are kept (prune: false) for browsers still running the previous build.
   */
  private deploySite(webDir: string, logKey: kms.IKey) {
    // One handler serves both deployments (a CDK singleton); it logs here.
    const logGroup = new logs.LogGroup(this, 'DeployLogs', { retention: LOG_RETENTION, encryptionKey: logKey });
    const assetsDir = join(webDir, 'assets');
    const assets = existsSync(assetsDir)
      ? new s3deploy.BucketDeployment(this, 'DeployAssets', {
          sources: [s3deploy.Source.asset(assetsDir)],
          destinationBucket: this.bucket,
          destinationKeyPrefix: 'assets/',
          prune: false,
          cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
          memoryLimit: 512,
          logGroup,
        })
      : undefined;

    if (!existsSync(join(webDir, 'index.html'))) throw new Error(`${webDir} has no index.html`);
    const site = new s3deploy.BucketDeployment(this, 'DeploySite', {
      sources: [s3deploy.Source.asset(webDir, { exclude: ['assets', 'assets/**'] })],
      destinationBucket: this.bucket,
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      logGroup,
    });
    if (assets) site.node.addDependency(assets);
    acknowledgeDeploymentHandler(this, this.bucket);
  }
}

/**
 * The site deployment's handler is CDK's own (a singleton function at stack level that copies the
 * build into the bucket during a deploy, then invalidates CloudFront). Its findings are recorded
 * on that function, which holds its role and policy; CDK chooses its code, runtime and permissions.
 */
function acknowledgeDeploymentHandler(scope: Construct, siteBucket: s3.Bucket) {
  const siteBucketId = Stack.of(scope).resolve((siteBucket.node.defaultChild as s3.CfnBucket).logicalId) as string;
  const handler = Stack.of(scope)
    .node.children.filter((c): c is lambda.Function => c instanceof lambda.Function)
    .find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (!handler) throw new Error('The site deployment handler (Custom::CDKBucketDeployment) was not found');
  const deployOnly = 'Runs only during a deploy, invoked by CloudFormation';
  acknowledge(handler, {
    'AwsSolutions-L1': `CDK's BucketDeployment handler: aws-cdk-lib sets its runtime and code (Python with the AWS CLI layer); it moves to a newer runtime with aws-cdk-lib upgrades. ${deployOnly}, with no user input.`,
    'Serverless-LambdaLatestVersion': `CDK's BucketDeployment handler: its runtime is chosen by aws-cdk-lib and follows its upgrades. ${deployOnly}.`,
    'Serverless-LambdaTracing': `${deployOnly}; its outcome shows in the stack events and its encrypted log group. Tracing a file copy adds nothing.`,
    'Serverless-LambdaDLQ': `${deployOnly} as a custom resource: a failure fails (and rolls back) the deploy, which is the alert.`,
    'HIPAA.Security-LambdaDLQ': `${deployOnly} as a custom resource: a failure fails and rolls back the deploy; there is nothing to retry later.`,
    'HIPAA.Security-LambdaConcurrency': `${deployOnly}: at most one invocation per deployment step.`,
    'HIPAA.Security-LambdaInsideVPC': `${deployOnly}; it reaches only S3 and CloudFront over their IAM-authenticated endpoints and handles the public web build, no student data.`,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]':
      "CDK attaches the basic execution policy (write its own logs) to its deployment handler's role; the role is assumable by Lambda only and used by this deploy-time handler alone.",
    'HIPAA.Security-IAMNoInlinePolicy': "CDK's deployment handler's policy, generated by BucketDeployment for this one role and deleted with it.",
    'AwsSolutions-IAM5[Action::s3:GetObject*]': "CDK's BucketDeployment grant to read the build assets it uploaded to the CDK asset bucket.",
    'AwsSolutions-IAM5[Action::s3:GetBucket*]': "CDK's BucketDeployment grant on the asset and site buckets (reads bucket settings during the copy).",
    'AwsSolutions-IAM5[Action::s3:List*]': "CDK's BucketDeployment grant to list the asset and site buckets during the copy.",
    'AwsSolutions-IAM5[Action::s3:DeleteObject*]': "CDK's BucketDeployment grant on the site bucket (pruning, which Caseload turns off; the grant is CDK's fixed set).",
    'AwsSolutions-IAM5[Action::s3:Abort*]': "CDK's BucketDeployment grant to abort its own multipart uploads into the site bucket.",
    'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]':
      "The CDK bootstrap asset bucket, where this deploy's build archive is staged; the object names are content hashes known only at deploy time.",
    [`AwsSolutions-IAM5[Resource::<${siteBucketId}.Arn>/*]`]: 'Every object of the site bucket: the deployment writes the whole build, whose file names are content hashes.',
    'AwsSolutions-IAM5[Resource::*]': 'cloudfront:CreateInvalidation and GetInvalidation after a deploy: CDK grants them on all distributions; the handler only invalidates this one (by id, from the template).',
  });
}
