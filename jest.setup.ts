// Test defaults: cheaper password hashing (the cost is stored with each hash) and quiet logs.
process.env.PASSWORD_HASH_COST ??= '14';
process.env.LOG_LEVEL ??= 'silent';
process.env.AWS_REGION ??= 'us-east-1';
process.env.AWS_ACCESS_KEY_ID ??= 'local';
process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
