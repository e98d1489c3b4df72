// autocannon ships no types; bench-load.ts uses the few fields it reads.
declare module 'autocannon';
