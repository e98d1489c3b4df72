// The twin's IAM evaluation against the rules AWS documents, on statements shaped as the stack writes them.
import { arnLike, evaluate, type PolicyStatement } from './iam';

const table = 'arn:aws:dynamodb:us-east-1:111122223333:table/hearthside';
const readTable: PolicyStatement = {
  Effect: 'Allow',
  Action: ['dynamodb:GetItem', 'dynamodb:Query'],
  Resource: [table, `${table}/index/gsi2`],
};

describe('IAM evaluation in the twin', () => {
  it('allows what a statement names, and denies implicitly what none does (another index, another action)', () => {
    expect(evaluate([readTable], { action: 'dynamodb:Query', resource: `${table}/index/gsi2` }).allowed).toBe(true);
    expect(evaluate([readTable], { action: 'dynamodb:Query', resource: `${table}/index/gsi3` })).toEqual({
      allowed: false,
      reason: 'implicit-deny',
    });
    expect(evaluate([readTable], { action: 'dynamodb:Scan', resource: table }).allowed).toBe(false);
  });

  it('matches actions without regard to case and with wildcards; a single Action string works', () => {
    const statements: PolicyStatement[] = [{ Effect: 'Allow', Action: 's3:Get*', Resource: '*' }];
    expect(evaluate(statements, { action: 's3:getobject', resource: 'arn:aws:s3:::b/k' }).allowed).toBe(true);
    expect(evaluate(statements, { action: 's3:PutObject', resource: 'arn:aws:s3:::b/k' }).allowed).toBe(false);
  });

  it('lets an explicit Deny win over any Allow', () => {
    const statements: PolicyStatement[] = [
      { Effect: 'Allow', Action: '*', Resource: '*' },
      { Sid: 'NoDelete', Effect: 'Deny', Action: 'dynamodb:DeleteItem', Resource: table },
    ];
    expect(evaluate(statements, { action: 'dynamodb:DeleteItem', resource: table })).toEqual({
      allowed: false,
      reason: 'explicit-deny',
      statement: 'NoDelete',
    });
  });

  it('honours NotResource: publish to a phone number (no ARN) but never to a topic', () => {
    const statements: PolicyStatement[] = [
      { Effect: 'Allow', Action: 'sns:Publish', NotResource: 'arn:aws:sns:*:*:*' },
    ];
    expect(evaluate(statements, { action: 'sns:Publish', resource: '*' }).allowed).toBe(true);
    expect(
      evaluate(statements, { action: 'sns:Publish', resource: 'arn:aws:sns:us-east-1:111122223333:topic' }).allowed,
    ).toBe(false);
  });

  it('matches ARNs component by component: a bucket wildcard covers its objects only', () => {
    expect(arnLike('arn:aws:s3:::uploads/*', 'arn:aws:s3:::uploads/imports/a.csv')).toBe(true);
    expect(arnLike('arn:aws:s3:::uploads/*', 'arn:aws:s3:::uploads')).toBe(false);
    expect(arnLike('arn:aws:bedrock:*::foundation-model/m', 'arn:aws:bedrock:us-west-2::foundation-model/m')).toBe(
      true,
    );
    expect(arnLike('arn:aws:bedrock:*::foundation-model/m', 'arn:aws:bedrock:us-west-2::foundation-model/n')).toBe(
      false,
    );
  });

  it('evaluates conditions: a Deny on insecure transport bites only without TLS; negated keys hold when absent', () => {
    const statements: PolicyStatement[] = [
      { Effect: 'Allow', Action: 's3:*', Resource: '*' },
      { Effect: 'Deny', Action: 's3:*', Resource: '*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } },
      {
        Effect: 'Deny',
        Action: 's3:PutObject',
        Resource: '*',
        Condition: { StringNotEquals: { 's3:x-amz-server-side-encryption': 'AES256' } },
      },
    ];
    const get = { action: 's3:GetObject', resource: 'arn:aws:s3:::b/k' };
    expect(evaluate(statements, { ...get, context: { 'aws:SecureTransport': 'true' } }).allowed).toBe(true);
    expect(evaluate(statements, { ...get, context: { 'aws:SecureTransport': 'false' } }).allowed).toBe(false);
    const put = { action: 's3:PutObject', resource: 'arn:aws:s3:::b/k' };
    expect(evaluate(statements, put).allowed).toBe(false);
    expect(evaluate(statements, { ...put, context: { 's3:x-amz-server-side-encryption': 'AES256' } }).allowed).toBe(
      true,
    );
  });

  it('knows IfExists, Null and the set operators, and refuses an operator it does not know', () => {
    const allow = (condition: PolicyStatement['Condition']): PolicyStatement[] => [
      { Effect: 'Allow', Action: 'x:Y', Resource: '*', Condition: condition },
    ];
    const request = { action: 'x:Y', resource: '*' };
    expect(evaluate(allow({ StringEqualsIfExists: { 'a:b': 'c' } }), request).allowed).toBe(true);
    expect(evaluate(allow({ Null: { 'a:b': 'true' } }), request).allowed).toBe(true);
    expect(
      evaluate(allow({ 'ForAllValues:StringEquals': { 'a:b': ['c', 'd'] } }), { ...request, context: { 'a:b': ['c'] } })
        .allowed,
    ).toBe(true);
    expect(
      evaluate(allow({ 'ForAnyValue:StringLike': { 'a:b': 'z*' } }), { ...request, context: { 'a:b': ['c'] } }).allowed,
    ).toBe(false);
    expect(() => evaluate(allow({ DateGreaterThan: { 'aws:CurrentTime': '2020-01-01' } }), request)).toThrow(
      /DateGreaterThan/,
    );
  });
});
