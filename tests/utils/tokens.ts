import { deriveKeys } from '../../src/server/modules/auth/keys';
import { createTokenService } from '../../src/server/modules/auth/tokens';
import { TEST_JWT_SECRET } from './testConfig';

/** Tokens signed as the test server would sign them (same secret), optionally at another time. */
export const testTokens = (now?: () => number) => createTokenService(deriveKeys(TEST_JWT_SECRET).tokenSigning, now);

/** base64url JSON, for forging tokens by hand. */
export const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
