import crypto from 'node:crypto';

/**
 * The PostgreSQL run's schemas share a prefix of their own (see testDatabase.ts), so its teardown
 * drops exactly them, and another run on the same database (a developer's, or CI's) is left alone.
 * Workers start after this and inherit it.
 */
export default function setup() {
  process.env.TEST_SCHEMA_PREFIX = `t${crypto.randomBytes(4).toString('hex')}`;
}
