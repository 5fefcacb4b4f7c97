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
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';

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
}

export class Web extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly spaFunction: cloudfront.Function;
  /** https://<custom domain or distribution domain> */
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);

    this.bucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // The bucket only holds the build output, which every deploy rewrites.
      removalPolicy: RemovalPolicy.RETAIN,
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

    this.siteUrl = `https://${props.domainName ?? this.distribution.distributionDomainName}`;
    this.deploySite(props.webDir);
  }

  /**
   * Two deployments: hashed files under assets/ are immutable and cached for a year; the rest
   * (index.html, favicon…) is revalidated on every load, then CloudFront is invalidated. The
   * second waits for the first, so a new index.html never points at files not yet uploaded. Old
   * assets are kept (prune: false) for browsers still running the previous build.
   */
  private deploySite(webDir: string) {
    const assetsDir = join(webDir, 'assets');
    const assets = existsSync(assetsDir)
      ? new s3deploy.BucketDeployment(this, 'DeployAssets', {
          sources: [s3deploy.Source.asset(assetsDir)],
          destinationBucket: this.bucket,
          destinationKeyPrefix: 'assets/',
          prune: false,
          cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
          memoryLimit: 512,
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
    });
    if (assets) site.node.addDependency(assets);
  }
}
