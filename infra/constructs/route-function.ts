// One route of functions/routes.ts in AWS: its Lambda function (with the role of its rights, and the
// API's log group) and the HTTP API route that invokes it.
import { Duration } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { MAX_ROUTE_TIMEOUT_SECONDS as MAX_TIMEOUT_SECONDS, routeSettings, type Route } from '../../functions/routes';

export type RouteFunctionProps = {
  route: Route;
  httpApi: apigwv2.IHttpApi;
  code: lambda.Code;
  environment: Record<string, string>;
  /**
   * The log group the API's functions share: one per route would be a CloudFormation resource per
   * route, and the stack is near the 500 limit. Each line carries the route key, and each function
   * writes its own log streams (named after the function).
   */
  logGroup: logs.ILogGroup;
  /** The role of the routes with the same rights (infra/constructs/api.ts): it may write to the API's log group. */
  role: iam.Role;
};

/** `password-reset/post-password-reset-request` → `PasswordResetPostPasswordResetRequest`: a stable construct id. */
export function constructIdForSlug(slug: string): string {
  return slug
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/**
 * The Parameters and Secrets extension: secrets named by *_SECRET_ARN are read through it
 * (functions/config.ts), not the Secrets Manager SDK: smaller bundles, and it caches across
 * invocations (a value put in with put-secret-value is picked up within the TTL).
 */
export function secretsExtension(): lambda.ParamsAndSecretsLayerVersion {
  return lambda.ParamsAndSecretsLayerVersion.fromVersion(lambda.ParamsAndSecretsVersions.V1_0_103, {
    cacheEnabled: true,
    cacheSize: 10,
    secretsManagerTtl: Duration.minutes(5),
    logLevel: lambda.ParamsAndSecretsLogLevel.WARN,
  });
}

export class RouteFunction extends Construct {
  readonly function: lambda.Function;
  readonly role: iam.Role;
  readonly route: apigwv2.HttpRoute;

  constructor(scope: Construct, id: string, props: RouteFunctionProps) {
    super(scope, id);
    const { route } = props;
    const { memoryMb, timeoutSeconds } = routeSettings(route, 'aws');
    if (timeoutSeconds > MAX_TIMEOUT_SECONDS) {
      throw new Error(
        `${route.handler}: timeoutSeconds ${timeoutSeconds} exceeds the HTTP API's ${MAX_TIMEOUT_SECONDS} s limit`,
      );
    }

    const { logGroup } = props;
    // Without the AWS-managed basic execution policy: the role may write to the API's log group only.
    this.role = props.role;

    this.function = new lambda.Function(this, 'Function', {
      description: `${route.method} ${route.path}`,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      handler: 'index.handler',
      code: props.code,
      memorySize: memoryMb,
      timeout: Duration.seconds(timeoutSeconds),
      role: this.role,
      logGroup,
      tracing: lambda.Tracing.ACTIVE,
      environment: props.environment,
      paramsAndSecrets: secretsExtension(),
    });

    this.route = new apigwv2.HttpRoute(this, 'Route', {
      httpApi: props.httpApi,
      routeKey: apigwv2.HttpRouteKey.with(route.path, apigwv2.HttpMethod[route.method]),
      integration: new HttpLambdaIntegration('Integration', this.function),
    });
  }
}
