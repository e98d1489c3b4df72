// The browser's single origin: CloudFront in front of the private site bucket (the React build,
// with the SPA fallback of spa-fallback.ts) and, at /api/*, the HTTP API (docs/architecture.md, Layers).
// CloudFront tells the API who the viewer is (CloudFront-Viewer-Address) and proves the request
// came through it with a generated secret in x-origin-verify (functions/http/client-ip.ts).
import { Duration, Stack } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../../functions/http/client-ip';
import { spaFallbackSource } from './spa-fallback';

export type CustomDomain = {
  domainName: string;
  /** An ACM certificate in us-east-1 that covers domainName. */
  certificateArn: string;
};

export type WebProps = {
  /** Receives the site bucket's access logs and the distribution's standard logs. */
  logBucket: s3.IBucket;
  /** The built web app (dist/web); nothing is uploaded when it is omitted. */
  assetsPath?: string;
  customDomain?: CustomDomain;
  /** The ARN of the CLOUDFRONT-scope WAF web ACL (infra/constructs/firewall.ts) in front of everything. */
  webAclArn: string;
};

/** Hashed bundles never change under their name; everything else is revalidated on each visit. */
const IMMUTABLE = s3deploy.CacheControl.fromString('public, max-age=31536000, immutable');
const REVALIDATE = s3deploy.CacheControl.fromString('public, max-age=0, must-revalidate');

/**
 * Files of the build whose content type or caching the pages' upload would not give them: the service worker, which
 * the browser must fetch again on every update check (`no-cache`; the browser ignores a longer max-age there but a
 * cache in between would not), and the web app manifest, whose extension S3's type guess may not know.
 */
const FILES_OF_THEIR_OWN = [
  { id: 'DeployServiceWorker', file: 'sw.js', contentType: 'text/javascript; charset=utf-8', cacheControl: 'no-cache' },
  {
    id: 'DeployWebManifest',
    file: 'manifest.webmanifest',
    contentType: 'application/manifest+json',
    cacheControl: 'public, max-age=0, must-revalidate',
  },
] as const;

/**
 * The viewer headers the API reads, and CloudFront's viewer address. A list, because every
 * "all viewer headers" behaviour that can add CloudFront's own headers also sends the viewer's
 * Host, which execute-api refuses. A header the functions start reading must be added here
 * (cookies and query strings pass whole; at most 10 names without a quota increase).
 */
export const API_ORIGIN_HEADERS = [
  'Accept',
  'Content-Type',
  // The writes an offline phone sends again carry one; without it a replay would write twice.
  'Idempotency-Key',
  'Origin',
  'Sec-Fetch-Site',
  'Stripe-Signature',
  'User-Agent',
  // The Twilio webhook verifies it; without it every inbound STOP is refused.
  'X-Twilio-Signature',
  // Google's calendar pushes carry the channel's token; without it every push is refused (the channel is in the path).
  'X-Goog-Channel-Token',
  VIEWER_ADDRESS_HEADER,
] as const;

/**
 * Request headers the functions read that no origin request policy lists: the origin-verify header is the origin's
 * own custom header; Accept-Encoding is CloudFront's to set, normalized, as the API's cache policy asks (an origin
 * request policy may not name it).
 */
export const API_HEADERS_CLOUDFRONT_SETS = [ORIGIN_VERIFY_HEADER, 'Accept-Encoding'] as const;

/**
 * The error statuses CloudFront would cache (10 s by default, DESIGN §15) and lets a distribution set the caching of:
 * 404, 414 and 5xx always, 400, 403 and 405 when the answer has a max-age. The API answers each per request and per
 * agent (one agent's 404 is not another's; a 5xx may pass), so none is cached: ErrorCachingMinTTL 0, and no page, so
 * status and body pass unchanged (a page would replace them on every behaviour, DESIGN §12). The API's other errors
 * (409, 413, 415, 422, 429) CloudFront never caches, and refuses as custom error responses (as it does 412 and 415).
 */
export const UNCACHED_ERROR_CODES = [400, 403, 404, 405, 414, 500, 501, 502, 503, 504] as const;

export class Web extends Construct {
  readonly siteBucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** `https://<custom domain or CloudFront domain>`, no trailing slash. */
  readonly url: string;
  /** What CloudFront sends in x-origin-verify to the API; the functions read it to trust CloudFront-Viewer-Address. */
  readonly originVerifySecret: secretsmanager.Secret;
  private readonly responseHeadersPolicy: cloudfront.ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { customDomain } = props;

    this.siteBucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: s3.BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 'site/',
    });

    this.responseHeadersPolicy = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Security headers for the app and the API',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(Stack.of(this).region), override: true },
      },
    });

    const spaFallback = new cloudfront.Function(this, 'SpaFallback', {
      comment: 'Serves /index.html for extension-less paths (client-side routes)',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(spaFallbackSource),
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Hearth CRM: web app and /api/*',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        functionAssociations: [{ function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      errorResponses: UNCACHED_ERROR_CODES.map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) })),
      webAclId: props.webAclArn,
      // Standard (legacy) logs always record the path and query string (cs-uri-stem, cs-uri-query),
      // so e-mailed SPA links carry their token in the fragment (#token=…), which no browser sends.
      // Paths that still hold a secret (the calendar feed, /unsubscribe/{token}) land in the private,
      // SSL-only log bucket for its 90 days; the API's own logs keep the route key, never the path
      // (README, Security).
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      ...(customDomain
        ? {
            domainNames: [customDomain.domainName],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', customDomain.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });
    NagSuppressions.addResourceSuppressions(this.distribution, [
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'Agents and their clients may be anywhere; the product sells to no particular market, so no country is blocked.',
      },
    ]);
    if (!customDomain) {
      NagSuppressions.addResourceSuppressions(this.distribution, [
        {
          id: 'AwsSolutions-CFR4',
          reason:
            'No custom domain given (-c domainName=… -c certificateArn=…): the default *.cloudfront.net certificate cannot pin a minimum TLS version. With a custom domain the distribution requires TLSv1.2_2021.',
        },
      ]);
    }

    this.url = `https://${customDomain?.domainName ?? this.distribution.distributionDomainName}`;

    this.originVerifySecret = new secretsmanager.Secret(this, 'OriginVerifySecret', {
      description:
        'Sent by CloudFront to the API in x-origin-verify: proves CloudFront-Viewer-Address was set by our distribution.',
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
    });
    NagSuppressions.addResourceSuppressions(this.originVerifySecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'CloudFront holds the value in its origin configuration, resolved at deploy time: a rotation must be followed by a deploy, so it is rotated by hand. Leaking it only lets a caller choose the address the per-IP throttles count.',
      },
    ]);

    if (props.assetsPath) this.deploySite(props.assetsPath);
  }

  /**
   * Routes /api/* to the HTTP API, uncached, with the headers the API reads, the viewer's address,
   * all cookies and query strings, and the origin-verify secret; /r/* (the tracked review links of review requests,
   * GET /r/{token}) the same way.
   */
  addApiBehavior(httpApi: apigwv2.IHttpApi): void {
    const apiDomain = `${httpApi.apiId}.execute-api.${Stack.of(this).region}.amazonaws.com`;
    const originRequestPolicy = new cloudfront.OriginRequestPolicy(this, 'ApiOriginRequestPolicy', {
      comment:
        'The API: the viewer headers it reads, CloudFront-Viewer-Address, all cookies and query strings; never Host',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...API_ORIGIN_HEADERS),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.all(),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
    });
    const origin = new origins.HttpOrigin(apiDomain, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      // A dynamic reference: CloudFormation puts the value in at deploy time, never in the template.
      // CloudFront replaces any x-origin-verify header a viewer sends with this one.
      customHeaders: { [ORIGIN_VERIFY_HEADER]: this.originVerifySecret.secretValue.unsafeUnwrap() },
    });
    const cachePolicy = this.apiCachePolicy();
    this.distribution.addBehavior('/api/*', origin, {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy,
      originRequestPolicy,
      responseHeadersPolicy: this.responseHeadersPolicy,
    });
    this.distribution.addBehavior('/r/*', origin, {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy,
      originRequestPolicy,
      responseHeadersPolicy: this.responseHeadersPolicy,
    });
  }

  /**
   * Nothing of the API is cached (every answer says `Cache-Control: no-store`, and without one the default TTL is 0),
   * but Accept-Encoding reaches it, so it compresses its answers (functions/http/compression.ts): the managed
   * CachingDisabled policy has the gzip and Brotli settings off, and then CloudFront drops the header (an origin
   * request policy may not list it). Those settings need a maximum TTL above 0: one second, which no-store overrides.
   */
  private apiCachePolicy(): cloudfront.ICachePolicy {
    return new cloudfront.CachePolicy(this, 'ApiCachePolicy', {
      comment: 'The API: nothing cached (answers are no-store); Accept-Encoding normalized and forwarded',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(1),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
    });
  }

  /** Uploads the build: hashed bundles first (kept across deploys for open tabs), then the pages. */
  private deploySite(assetsPath: string): void {
    const logGroup = new logs.LogGroup(this, 'DeploymentLogs', { retention: logs.RetentionDays.ONE_MONTH });
    const role = new iam.Role(this, 'DeploymentRole', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    // meta.json is the bundler's metafile (source paths and sizes): it stays out of the bucket.
    const source = () => s3deploy.Source.asset(assetsPath, { exclude: ['meta.json'] });

    const bundles = new s3deploy.BucketDeployment(this, 'DeployBundles', {
      sources: [source()],
      destinationBucket: this.siteBucket,
      exclude: ['*'],
      include: ['assets/*'],
      cacheControl: [IMMUTABLE],
      prune: false,
      role,
      logGroup,
    });
    const pages = new s3deploy.BucketDeployment(this, 'DeployPages', {
      sources: [source()],
      destinationBucket: this.siteBucket,
      exclude: ['assets/*', ...FILES_OF_THEIR_OWN.map(({ file }) => file)],
      cacheControl: [REVALIDATE],
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      role,
      logGroup,
    });
    pages.node.addDependency(bundles);
    // After the pages: a new service worker precaches the files the pages' upload has just put there.
    for (const { id, file, contentType, cacheControl } of FILES_OF_THEIR_OWN) {
      const upload = new s3deploy.BucketDeployment(this, id, {
        sources: [source()],
        destinationBucket: this.siteBucket,
        exclude: ['*'],
        include: [file],
        contentType,
        cacheControl: [s3deploy.CacheControl.fromString(cacheControl)],
        prune: false,
        distribution: this.distribution,
        distributionPaths: [`/${file}`],
        role,
        logGroup,
      });
      upload.node.addDependency(pages);
    }

    NagSuppressions.addResourceSuppressions(
      role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Generated by BucketDeployment: it reads the CDK asset object and syncs any key into the site bucket, and CloudFront CreateInvalidation has no resource-level permission in its grant.',
        },
      ],
      true,
    );
    for (const child of Stack.of(this).node.children) {
      if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
        NagSuppressions.addResourceSuppressions(
          child,
          [
            {
              id: 'AwsSolutions-L1',
              reason: 'The BucketDeployment handler and its runtime are managed by aws-cdk-lib, not by this app.',
            },
          ],
          true,
        );
      }
    }
  }
}

/**
 * Same-origin app and API; the browser also talks to S3 directly (presigned POST uploads, presigned
 * GET for videos and exports) and plays recorded video from blob: URLs. MUI/emotion inject <style>.
 */
function contentSecurityPolicy(region: string): string {
  const s3Hosts = `https://*.s3.amazonaws.com https://*.s3.${region}.amazonaws.com`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    `media-src 'self' blob: ${s3Hosts}`,
    `connect-src 'self' ${s3Hosts}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}
