import { loadConfig } from '../config';
import { deriveKeys } from '../modules/auth/keys';

/**
 * `npm run edge:secret`: the nginx line that gives the edge the media signing secret
 * (docs/deploy/nginx.conf includes it from /etc/nginx/storefront-media-secret.conf), derived from
 * JWT_SECRET as the instances derive it. Printed for the operator to write to that file, never logged.
 */
const config = loadConfig();
process.stdout.write(`set $media_secret "${deriveKeys(config.jwtSecret).mediaSigning}";\n`);
