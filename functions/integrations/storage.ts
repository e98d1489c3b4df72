// The S3 client (the uploads and exports buckets), pointed at s3rver by configuration locally.
import { S3Client } from '@aws-sdk/client-s3';
import { config } from '../config';

let client: S3Client | undefined;
let clientEndpoint: string | undefined;

export function s3(): S3Client {
  const { region, s3Endpoint } = config();
  if (!client || clientEndpoint !== s3Endpoint) {
    client = new S3Client({ region, ...(s3Endpoint ? { endpoint: s3Endpoint, forcePathStyle: true } : {}) });
    clientEndpoint = s3Endpoint;
  }
  return client;
}
