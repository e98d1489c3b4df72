// Test defaults: quiet logs, and the cheapest password hashing the configuration allows (scrypt N=2^10; the cost is
// stored with each hash): the suite registers and signs in over a thousand agents, ~37 ms of a core each at N=2^14.
process.env.PASSWORD_HASH_COST ??= '10';
process.env.LOG_LEVEL ??= 'silent';
process.env.AWS_REGION ??= 'us-east-1';
process.env.AWS_ACCESS_KEY_ID ??= 'local';
process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
