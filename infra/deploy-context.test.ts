// What two deploy settings do to the template: `-c smsOriginationNumber=+1…` (texts through SNS name the two-way
// number, so replies and STOP come back to the number the inbound path listens on), synthesized by the app itself as
// `npx cdk synth -c …` does; and a deploy to a region where Bedrock does not offer the default model on demand, whose
// drafts functions get its inference profile and the rights on it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DEFAULT_AI_MODEL_ID } from '../functions/config';
import { jobs } from '../functions/jobs/jobs';
import { twinTemplateDir } from '../functions/local/twin/template-dir';
import { routes } from '../functions/routes';
import { flattenTemplates, type CfnResource, type CfnTemplate } from '../functions/lib/flatten-templates';
import { HearthStack } from './stack';

const TWO_WAY_NUMBER = '+18885550123';
const { HEARTH_TEMPLATE_DIR: _given, ...environment } = process.env;

/** Every function of a synthesized assembly (the nested stacks' too), by logical id. */
function functionsOf(dir: string): Array<[string, CfnResource]> {
  const files = readdirSync(dir).filter((name) => name.endsWith('.template.json'));
  return files.flatMap((name) =>
    Object.entries((JSON.parse(readFileSync(join(dir, name), 'utf8')) as CfnTemplate).Resources).filter(
      ([, resource]) => resource.Type === 'AWS::Lambda::Function',
    ),
  );
}
const variablesOf = (fn: CfnResource) => (fn.Properties?.Environment?.Variables ?? {}) as Record<string, unknown>;
const route = (functions: Array<[string, CfnResource]>, key: string) =>
  functions.find(([, fn]) => fn.Properties?.Description === key)![1];
const job = (functions: Array<[string, CfnResource]>, prefix: string) =>
  functions.find(([id]) => id.startsWith(prefix))![1];

describe('-c smsOriginationNumber', () => {
  it('sets SMS_ORIGINATION_NUMBER on the functions that text clients', () => {
    // Act
    const functions = functionsOf(twinTemplateDir(environment, { smsOriginationNumber: TWO_WAY_NUMBER }));
    // Assess: the agent's own texts, the automatic ones and the digest, the HELP answers to inbound texts.
    for (const fn of [
      route(functions, 'POST /api/clients/{id}/messages'),
      job(functions, 'JobsRemindersWorker'),
      job(functions, 'JobsSmsInbound'),
    ])
      expect(variablesOf(fn).SMS_ORIGINATION_NUMBER).toBe(TWO_WAY_NUMBER);
  });

  it('is absent without the context, and a value that is not E.164 fails the synthesis', () => {
    // Act + Assess
    const functions = functionsOf(twinTemplateDir(environment, {}));
    expect(functions.filter(([, fn]) => 'SMS_ORIGINATION_NUMBER' in variablesOf(fn))).toEqual([]);
    expect(() => twinTemplateDir(environment, { smsOriginationNumber: '8885550123' })).toThrow(
      /smsOriginationNumber" must be a phone number in E\.164/,
    );
  });
});

describe('a deploy to eu-west-1 (no on-demand Nova Micro there)', () => {
  it('gives the drafts functions the EU inference profile, and the right to call it and its model where it routes', () => {
    // Prepare
    const app = new App({ context: { '@aws-cdk/aws-iam:minimizePolicies': true } });
    const stack = new HearthStack(app, 'Eu', {
      env: { account: '123456789012', region: 'eu-west-1' },
      webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/edge/0000',
      routes,
      jobs,
      code: () => lambda.Code.fromInline('exports.handler = async () => ({ statusCode: 200 });'),
      sesIdentity: 'example.com',
    });
    // Act
    const parent = Template.fromStack(stack).toJSON() as CfnTemplate;
    const nested = new Map(
      stack.node
        .findAll()
        .filter((c): c is NestedStack => c instanceof NestedStack)
        .map((n) => [
          stack.getLogicalId(n.nestedStackResource as unknown as Parameters<Stack['getLogicalId']>[0]),
          Template.fromStack(n).toJSON() as CfnTemplate,
        ]),
    );
    const resources = flattenTemplates(parent, (id) => nested.get(id)).Resources;
    // Assess
    const profile = `eu.${DEFAULT_AI_MODEL_ID}`;
    const drafts = Object.values(resources).find(
      (resource) => resource.Properties?.Description === 'POST /api/clients/{id}/drafts',
    )!;
    expect(variablesOf(drafts).AI_MODEL_ID).toBe(profile);
    const roleId = drafts.Properties!.Role['Fn::GetAtt'][0] as string;
    const grant = Object.values(resources)
      .filter((resource) => resource.Type === 'AWS::IAM::Policy')
      .filter((policy) => JSON.stringify(policy.Properties!.Roles).includes(roleId))
      .flatMap((policy) => policy.Properties!.PolicyDocument.Statement as Array<{ Action: unknown; Resource: unknown }>)
      .find((statement) => statement.Action === 'bedrock:InvokeModel')!;
    const arns = JSON.stringify(grant.Resource);
    expect(arns).toContain(`:bedrock:eu-west-1:123456789012:inference-profile/${profile}`);
    for (const region of ['eu-central-1', 'eu-north-1', 'eu-south-1', 'eu-south-2', 'eu-west-1', 'eu-west-3'])
      expect(arns).toContain(`:bedrock:${region}::foundation-model/${DEFAULT_AI_MODEL_ID}`);
    expect(arns).not.toContain(':bedrock:*:');
  });
});
