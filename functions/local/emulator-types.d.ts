// Types for the two emulators, which ship none.
declare module 'dynalite' {
  import type { Server } from 'node:http';
  function dynalite(options?: {
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    ssl?: boolean;
  }): Server;
  export default dynalite;
}

declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  type Options = {
    port?: number;
    address?: string;
    directory: string;
    silent?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  };
  /** The store's changes the local runtime serializes (functions/local/emulators.ts). */
  export type S3rverStore = Record<
    'putObject' | 'copyObject' | 'deleteObject',
    (...args: unknown[]) => Promise<unknown>
  >;
  export default class S3rver {
    constructor(options: Options);
    store: S3rverStore;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
