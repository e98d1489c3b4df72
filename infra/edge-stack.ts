// The web ACL alone, in us-east-1: the only region where WAF creates a CLOUDFRONT-scope web ACL.
// infra/app.ts adds this stack when the main stack deploys to another region; the main stack then
// reads the ACL's ARN across regions (crossRegionReferences: an SSM parameter CDK writes here and
// reads there), and CloudFormation deploys this stack first.
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Firewall, type FirewallProps } from './constructs/firewall';

export const EDGE_REGION = 'us-east-1';

export type HearthEdgeStackProps = Omit<StackProps, 'env'> & FirewallProps & { account?: string };

export class HearthEdgeStack extends Stack {
  readonly firewall: Firewall;

  constructor(scope: Construct, id: string, props: HearthEdgeStackProps = {}) {
    super(scope, id, { ...props, env: { account: props.account, region: EDGE_REGION }, crossRegionReferences: true });
    this.firewall = new Firewall(this, 'Firewall', { rateLimit: props.rateLimit });
  }
}
