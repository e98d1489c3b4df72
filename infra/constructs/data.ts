// The stateful resources: the one table, the uploads and exports buckets, the access-log bucket and
// the session signing key. Their logical IDs are pinned by infra/stack.test.ts: never rename or move
// these constructs, or CloudFormation replaces them (and the data in them).
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { IMPORT_UPLOAD_DAYS, IMPORT_UPLOAD_PREFIX } from '../../functions/integrations/import-files';
import {
  INBOUND_EMAIL_PREFIX,
  INBOUND_EMAIL_RECEIVED_DAYS,
  INBOUND_EMAIL_RECEIVED_PREFIX,
} from '../../functions/integrations/inbound-mail';
import { UPLOAD_PREFIXES } from '../../functions/integrations/video-uploads';
import type { TableUse } from '../../functions/routes';

/** The secondary indexes; functions/data/table-definition.ts declares the same for the local runtime. */
export const TABLE_INDEXES = ['gsi1', 'gsi2', 'gsi3'] as const;
/** gsi3 (clients by last contact) is counted and read back by key: it projects the keys only. */
const KEYS_ONLY_INDEXES: ReadonlySet<string> = new Set(['gsi3']);

export class Data extends Construct {
  readonly table: dynamodb.Table;
  readonly uploadsBucket: s3.Bucket;
  readonly exportsBucket: s3.Bucket;
  /** Receives S3 server access logs and CloudFront standard logs. */
  readonly accessLogsBucket: s3.Bucket;
  /** The key that signs session and reset tokens (64 generated characters). */
  readonly sessionSecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: 'ttl',
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const indexName of TABLE_INDEXES) {
      this.table.addGlobalSecondaryIndex({
        indexName,
        partitionKey: { name: `${indexName}pk`, type: dynamodb.AttributeType.STRING },
        sortKey: { name: `${indexName}sk`, type: dynamodb.AttributeType.STRING },
        projectionType: KEYS_ONLY_INDEXES.has(indexName)
          ? dynamodb.ProjectionType.KEYS_ONLY
          : dynamodb.ProjectionType.ALL,
      });
    }

    this.accessLogsBucket = new s3.Bucket(this, 'AccessLogsBucket', {
      ...privateBucketDefaults,
      // CloudFront standard logging writes with an ACL grant, so ACLs must stay enabled here.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });

    this.uploadsBucket = new s3.Bucket(this, 'UploadsBucket', {
      ...privateBucketDefaults,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'uploads/',
      // Versioned, so an overwrite or a delete can be undone for 30 days.
      versioned: true,
      lifecycleRules: [
        {
          id: 'old-versions',
          abortIncompleteMultipartUploadAfter: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(30),
          expiredObjectDeleteMarker: true,
        },
        // Presigned uploads land here and are moved to their final key when confirmed: the rest never were.
        {
          id: 'unconfirmed-uploads',
          prefix: UPLOAD_PREFIXES.pending,
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
        // Videos of a registration waiting for the client's confirmation (7 days), moved to the client's once
        // confirmed.
        {
          id: 'unconfirmed-registrations',
          prefix: UPLOAD_PREFIXES.submissions,
          expiration: Duration.days(8),
          noncurrentVersionExpiration: Duration.days(1),
        },
        // Contacts files of imports: the job deletes each when its import ends; whatever is left (never started, or
        // failed) goes after 3 days.
        {
          id: 'import-uploads',
          prefix: IMPORT_UPLOAD_PREFIX,
          expiration: Duration.days(IMPORT_UPLOAD_DAYS),
          noncurrentVersionExpiration: Duration.days(1),
        },
        // Client e-mail replies: a kept one stays while its client does; a dropped one (automatic, unreadable) or one
        // deleted with its client leaves no copy behind after a day. Mail SES stored that no reply names (rejected
        // unread: for no reply address, or a forged one) expires after 30 days.
        {
          id: 'inbound-email-received',
          prefix: INBOUND_EMAIL_RECEIVED_PREFIX,
          expiration: Duration.days(INBOUND_EMAIL_RECEIVED_DAYS),
          noncurrentVersionExpiration: Duration.days(1),
        },
        { id: 'inbound-email', prefix: INBOUND_EMAIL_PREFIX, noncurrentVersionExpiration: Duration.days(1) },
      ],
    });

    this.exportsBucket = new s3.Bucket(this, 'ExportsBucket', {
      ...privateBucketDefaults,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'exports/',
      lifecycleRules: [{ expiration: Duration.days(1), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });

    this.sessionSecret = new secretsmanager.Secret(this, 'SessionSecret', {
      description: 'Signs session and password-reset tokens. Replacing it logs every user out.',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });
    NagSuppressions.addResourceSuppressions(this.sessionSecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'A token signing key, not a credential to a service: rotating it ends every session at once, so it is rotated by hand in a maintenance window, not on a schedule.',
      },
    ]);
  }

  /** Browsers on the app's origin upload by presigned POST and read back by presigned GET. */
  allowBrowserAccessFrom(appUrl: string): void {
    this.uploadsBucket.addCorsRule({
      allowedOrigins: [appUrl],
      allowedMethods: [s3.HttpMethods.POST, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag'],
      maxAge: 3600,
    });
    this.exportsBucket.addCorsRule({
      allowedOrigins: [appUrl],
      allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.HEAD],
      allowedHeaders: ['*'],
      maxAge: 3600,
    });
  }

  /**
   * Item reads, or reads and writes, on the table and its two indexes, named one by one (no
   * `index/*`). No Scan: every request reads by key or by index (docs/architecture.md, Data model).
   */
  grantTable(grantee: iam.IGrantable, access: TableUse): iam.Grant {
    return iam.Grant.addToPrincipal({
      grantee,
      actions: access === 'table:read' ? TABLE_READ_ACTIONS : [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS],
      resourceArns: [this.table.tableArn, ...TABLE_INDEXES.map((name) => `${this.table.tableArn}/index/${name}`)],
    });
  }

  /** `secretsmanager:GetSecretValue` on the session secret only (the functions read it once per cold start). */
  grantSessionSecretRead(grantee: iam.IGrantable): iam.Grant {
    return iam.Grant.addToPrincipal({
      grantee,
      actions: ['secretsmanager:GetSecretValue'],
      resourceArns: [this.sessionSecret.secretArn],
    });
  }

  /**
   * Object reads, writes and deletes in one bucket (presigned POST/GET are signed with these rights), and listing for
   * 404s.
   */
  grantBucketReadWrite(grantee: iam.IGrantable, bucket: s3.IBucket): void {
    iam.Grant.addToPrincipal({ grantee, actions: ['s3:ListBucket'], resourceArns: [bucket.bucketArn] });
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
      resourceArns: [bucket.arnForObjects('*')],
    });
  }

  /**
   * Reading the kept originals of clients' e-mail replies (a presigned GET is signed with this right): the uploads
   * bucket's inbound-email/* only, no listing, nothing else of the bucket.
   */
  grantInboundOriginalsRead(grantee: iam.IGrantable): void {
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['s3:GetObject'],
      resourceArns: [this.uploadsBucket.arnForObjects(`${INBOUND_EMAIL_PREFIX}*`)],
    });
  }

  /**
   * Deleting every version of the objects under these folders of the uploads bucket (it is versioned), delete markers
   * included: listing the versions under them only (`s3:prefix`), and deleting a version of their objects only.
   */
  grantUploadVersionDeletes(grantee: iam.IGrantable, folders: readonly string[]): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['s3:ListBucketVersions'],
        resources: [this.uploadsBucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': folders.map((folder) => `${folder}*`) } },
      }),
    );
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['s3:DeleteObjectVersion'],
        resources: folders.map((folder) => this.uploadsBucket.arnForObjects(`${folder}*`)),
      }),
    );
  }

  /** The cdk-nag `appliesTo` entries for the folder wildcards that grantUploadVersionDeletes hands out. */
  uploadFolderWildcards(folders: readonly string[]): string[] {
    const id = Stack.of(this).getLogicalId(this.uploadsBucket.node.defaultChild as s3.CfnBucket);
    return folders.map((folder) => `Resource::<${id}.Arn>/${folder}*`);
  }

  /** The cdk-nag `appliesTo` entries for the object wildcards that grantBucketReadWrite hands out. */
  bucketObjectWildcards(): string[] {
    const stack = Stack.of(this);
    return [this.uploadsBucket, this.exportsBucket].map(
      (bucket) => `Resource::<${stack.getLogicalId(bucket.node.defaultChild as s3.CfnBucket)}.Arn>/*`,
    );
  }
}

export const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

const privateBucketDefaults = {
  blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
  enforceSSL: true,
  minimumTLSVersion: 1.2,
  encryption: s3.BucketEncryption.S3_MANAGED,
  removalPolicy: RemovalPolicy.RETAIN,
} satisfies s3.BucketProps;
