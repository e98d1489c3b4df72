// The WAF web ACL in front of the CloudFront distribution: a rate limit per viewer IP and three
// AWS managed rule groups. A CLOUDFRONT-scope web ACL can only be created in us-east-1, so this
// construct lives in the main stack when that stack deploys to us-east-1 (or is synthesized
// without a region) and in the small HearthEdge stack otherwise (infra/app.ts chooses).
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/** Requests one IP may send in any 5 minutes before it is blocked (pages, assets and API alike). */
export const DEFAULT_WAF_RATE_LIMIT = 2000;

export type FirewallProps = {
  /** Requests per IP per 5 minutes; WAF allows 10 to 2,000,000,000. */
  rateLimit?: number;
};

/** The managed groups, in evaluation order after the rate limit. */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesCommonRuleSet',
] as const;

export class Firewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: FirewallProps = {}) {
    super(scope, id);
    const rateLimit = props.rateLimit ?? DEFAULT_WAF_RATE_LIMIT;
    if (!Number.isInteger(rateLimit) || rateLimit < 10)
      throw new Error(`The WAF rate limit must be a whole number of at least 10 (got ${rateLimit})`);
    const visibility = (name: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: name,
      sampledRequestsEnabled: true,
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      description: 'Hearth CRM edge: rate limit per IP and AWS managed rules',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('HearthEdge'),
      rules: [
        {
          name: 'RateLimitPerIp',
          priority: 0,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: rateLimit, evaluationWindowSec: 300, aggregateKeyType: 'IP' } },
          visibilityConfig: visibility('RateLimitPerIp'),
        },
        ...MANAGED_RULE_GROUPS.map((name, index) => ({
          name,
          priority: index + 1,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name,
              // The CSV import (multipart) and Stripe's webhook events are bodies over the common
              // rule set's 8 KB: count those instead of blocking them; the API limits sizes itself.
              ...(name === 'AWSManagedRulesCommonRuleSet'
                ? { ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }] }
                : {}),
            },
          },
          visibilityConfig: visibility(name),
        })),
      ],
    });
  }
}
