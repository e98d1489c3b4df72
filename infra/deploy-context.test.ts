// What a deploy setting does to the template: `-c smsOriginationNumber=+1…` (texts through SNS name the two-way
// number, so replies and STOP come back to the number the inbound path listens on), synthesized by the app itself as
// `npx cdk synth -c …` does. (A deploy to another region, whose drafts functions get Bedrock's inference profile there:
// infra/stack.test.ts.)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { twinTemplateDir } from '../functions/local/twin/template-dir';
import type { CfnResource, CfnTemplate } from '../functions/lib/flatten-templates';

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
