// The distribution as the twin runs it, read from the template: its behaviours in the order CloudFront matches them
// (path pattern, origin, methods, viewer-request function), each behaviour's cache policy and origin request policy
// (the header, cookie and query-string lists with their behaviours), the origins' custom headers, and how long
// CloudFront caches an origin's errors (the distribution's CustomErrorResponses). functions/local/twin/edge.ts applies
// it to each request.
import type { CfnResource } from '../../lib/flatten-templates';

/** A header, cookie or query-string list of a CloudFront policy: its behaviour and the names it lists. */
export type EdgeList = {
  /**
   * Cookies and query strings: `none`, `whitelist`, `allExcept`, `all`. Headers: `none`, `whitelist`, `allViewer`,
   * `allViewerAndWhitelistCloudFront`, `allExcept`.
   */
  behavior: string;
  names: string[];
};

export type EdgeCachePolicy = {
  /** A managed policy's name (CachingOptimized), or the logical id of the stack's own. */
  name: string;
  minTtl: number;
  defaultTtl: number;
  maxTtl: number;
  /** The encodings it normalizes Accept-Encoding to and forwards (none: the header is dropped). */
  encodings: ('br' | 'gzip')[];
  /** The cache key: CloudFront forwards what it holds to the origin too. */
  headers: EdgeList;
  cookies: EdgeList;
  queryStrings: EdgeList;
};

export type EdgeOriginRequestPolicy = { name: string; headers: EdgeList; cookies: EdgeList; queryStrings: EdgeList };

export type EdgeBehavior = {
  /** `*` for the default behaviour, which is always last. */
  pathPattern: string;
  /** The origin it sends to: the HTTP API (execute-api) or the site bucket. */
  origin: 'api' | 'site';
  allowedMethods: string[];
  /** The behaviour's viewer-request function (cloudfront-js-2.0 source), if it has one. */
  viewerRequestSource: string | undefined;
  cachePolicy: EdgeCachePolicy;
  /** Undefined: the origin gets only what the cache key holds. */
  originRequestPolicy: EdgeOriginRequestPolicy | undefined;
  /** The custom headers CloudFront adds for the origin (x-origin-verify), as secret ARNs or values. */
  originHeaders: Record<string, { secretArn: string } | { value: string }>;
};

export type EdgeErrorResponse = {
  code: number;
  /** ErrorCachingMinTTL, seconds; undefined: CloudFront's default (10). */
  cachingMinTtl: number | undefined;
  /** A page served instead of the origin's answer, for every behaviour (DESIGN §12). */
  pagePath: string | undefined;
  responseCode: number | undefined;
};

export type TwinEdge = {
  /** In the order CloudFront matches them: the template's CacheBehaviors, then the default (`*`). */
  behaviors: EdgeBehavior[];
  /** The distribution's CustomErrorResponses (they apply to every behaviour). */
  errorResponses: EdgeErrorResponse[];
};

/** The managed cache policies the twin knows, by id (their settings are AWS's, not in the template). */
const MANAGED_CACHE_POLICIES: Record<string, Omit<EdgeCachePolicy, 'headers' | 'cookies' | 'queryStrings'>> = {
  '658327ea-f89d-4fab-a63d-7e88639e58f6': {
    name: 'CachingOptimized',
    minTtl: 1,
    defaultTtl: 86_400,
    maxTtl: 31_536_000,
    encodings: ['br', 'gzip'],
  },
  '4135ea2d-6df8-44a3-9df3-4b5a84be39ad': {
    name: 'CachingDisabled',
    minTtl: 0,
    defaultTtl: 0,
    maxTtl: 0,
    encodings: [],
  },
};

const NONE: EdgeList = { behavior: 'none', names: [] };

type Resolve = (value: unknown, where: string) => unknown;
type CfnList = { [key: string]: unknown } | undefined;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation properties are any JSON
type CfnObject = Record<string, any>;

/** A policy's list as CloudFormation writes it (`{ CookieBehavior: 'whitelist', Cookies: [...] }`). */
function listOf(config: CfnList, behaviorKey: string, namesKey: string): EdgeList {
  if (!config) return NONE;
  const names = config[namesKey];
  return {
    behavior: String(config[behaviorKey] ?? 'none'),
    names: Array.isArray(names) ? names.map(String) : [],
  };
}

export function edgeOf(resources: Record<string, CfnResource>, resolve: Resolve): TwinEdge {
  const distributions = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::CloudFront::Distribution');
  if (distributions.length !== 1)
    throw new Error(`The twin runs a template with one CloudFront distribution (found ${distributions.length})`);
  const [distributionId, distribution] = distributions[0]!;
  const config = distribution.Properties?.DistributionConfig ?? {};

  const origins = new Map<string, Pick<EdgeBehavior, 'origin' | 'originHeaders'>>();
  for (const origin of (config.Origins ?? []) as Array<CfnObject>) {
    const id = String(resolve(origin.Id, distributionId));
    // The site bucket's domain is S3's to resolve; the API's names execute-api.
    const domain = origin.S3OriginConfig ? 's3' : String(resolve(origin.DomainName, distributionId));
    const kind = origin.S3OriginConfig ? 'site' : /\.execute-api\./.test(domain) ? 'api' : undefined;
    if (!kind) throw new Error(`Origin ${id} (${domain}): the twin serves only the site bucket and the HTTP API`);
    const originHeaders: EdgeBehavior['originHeaders'] = {};
    for (const header of (origin.OriginCustomHeaders ?? []) as Array<{ HeaderName: string; HeaderValue: unknown }>) {
      const value = String(resolve(header.HeaderValue, `${id} origin header`));
      const dynamic = /^\{\{resolve:secretsmanager:(.+?):SecretString:::\}\}$/.exec(value);
      originHeaders[header.HeaderName.toLowerCase()] = dynamic ? { secretArn: dynamic[1]! } : { value };
    }
    origins.set(id, { origin: kind, originHeaders });
  }

  const cachePolicy = (ref: unknown): EdgeCachePolicy => {
    if (typeof ref === 'string') {
      const managed = MANAGED_CACHE_POLICIES[ref];
      if (!managed) throw new Error(`The twin does not know the managed cache policy ${ref}: add it to edge-model.ts`);
      return { ...managed, headers: NONE, cookies: NONE, queryStrings: NONE };
    }
    const id = (ref as { Ref?: string } | undefined)?.Ref;
    const policy = id ? resources[id]?.Properties?.CachePolicyConfig : undefined;
    if (!id || !policy) throw new Error(`A cache behaviour names a cache policy the template does not hold`);
    const key = policy.ParametersInCacheKeyAndForwardedToOrigin ?? {};
    return {
      name: id,
      minTtl: Number(policy.MinTTL ?? 0),
      defaultTtl: Number(policy.DefaultTTL ?? 0),
      maxTtl: Number(policy.MaxTTL ?? 0),
      encodings: [
        ...(key.EnableAcceptEncodingBrotli === true ? (['br'] as const) : []),
        ...(key.EnableAcceptEncodingGzip === true ? (['gzip'] as const) : []),
      ],
      headers: listOf(key.HeadersConfig, 'HeaderBehavior', 'Headers'),
      cookies: listOf(key.CookiesConfig, 'CookieBehavior', 'Cookies'),
      queryStrings: listOf(key.QueryStringsConfig, 'QueryStringBehavior', 'QueryStrings'),
    };
  };

  const originRequestPolicy = (ref: unknown): EdgeOriginRequestPolicy | undefined => {
    if (ref === undefined) return undefined;
    const id = (ref as { Ref?: string } | undefined)?.Ref;
    const policy = id ? resources[id]?.Properties?.OriginRequestPolicyConfig : undefined;
    if (!id || !policy)
      throw new Error(`The twin reads only origin request policies of the stack's own (not ${JSON.stringify(ref)})`);
    return {
      name: id,
      headers: listOf(policy.HeadersConfig, 'HeaderBehavior', 'Headers'),
      cookies: listOf(policy.CookiesConfig, 'CookieBehavior', 'Cookies'),
      queryStrings: listOf(policy.QueryStringsConfig, 'QueryStringBehavior', 'QueryStrings'),
    };
  };

  const viewerRequestSource = (associations: unknown): string | undefined => {
    const association = ((associations ?? []) as Array<{ EventType: string; FunctionARN: unknown }>).find(
      (a) => a.EventType === 'viewer-request',
    );
    if (!association) return undefined;
    const [id] = ((association.FunctionARN as { 'Fn::GetAtt'?: unknown[] })['Fn::GetAtt'] ?? []) as string[];
    const fn = id ? resources[id] : undefined;
    if (fn?.Type !== 'AWS::CloudFront::Function')
      throw new Error(`A viewer-request association names no CloudFront function of the template`);
    return String(fn.Properties?.FunctionCode);
  };

  const behaviorOf = (behavior: CfnObject, pathPattern: string): EdgeBehavior => {
    const targetId = String(resolve(behavior.TargetOriginId, distributionId));
    const target = origins.get(targetId);
    if (!target) throw new Error(`Behaviour ${pathPattern} targets ${targetId}, which is not an origin`);
    return {
      pathPattern,
      ...target,
      allowedMethods: ((behavior.AllowedMethods as string[] | undefined) ?? ['GET', 'HEAD']).map(String),
      viewerRequestSource: viewerRequestSource(behavior.FunctionAssociations),
      cachePolicy: cachePolicy(behavior.CachePolicyId),
      originRequestPolicy: originRequestPolicy(behavior.OriginRequestPolicyId),
    };
  };

  const behaviors = [
    ...((config.CacheBehaviors ?? []) as Array<CfnObject>).map((b) =>
      behaviorOf(b, String(resolve(b.PathPattern, distributionId))),
    ),
    behaviorOf(config.DefaultCacheBehavior ?? {}, '*'),
  ];
  const errorResponses = ((config.CustomErrorResponses ?? []) as Array<Record<string, unknown>>).map((r) => ({
    code: Number(r.ErrorCode),
    cachingMinTtl: r.ErrorCachingMinTTL === undefined ? undefined : Number(r.ErrorCachingMinTTL),
    pagePath: r.ResponsePagePath === undefined ? undefined : String(r.ResponsePagePath),
    responseCode: r.ResponseCode === undefined ? undefined : Number(r.ResponseCode),
  }));
  return { behaviors, errorResponses };
}
