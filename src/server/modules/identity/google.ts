import { DomainError, Invalid, Unauthenticated, UpstreamFailure } from '../../platform/domainErrors';

type GoogleIdentity = { sub: string; email: string };
export type GoogleVerifier = (accessToken: string) => Promise<GoogleIdentity>;

/**
 * Asks Google who an access token belongs to (token info) and trusts the e-mail only when the token
 * was issued to our client id, has not expired and the address is verified. The token travels in
 * the Authorization header: query strings end up in proxy and access logs. The base URL is
 * configurable so tests talk to a local fake (config insists on https outside tests).
 */
export function createGoogleVerifier(options: {
  clientId: string | null;
  apiBase: string;
  fetchImpl?: typeof fetch;
}): GoogleVerifier {
  const doFetch = options.fetchImpl ?? fetch;
  return async (accessToken) => {
    if (!options.clientId) throw new Invalid('Google sign-in is not configured on this server');
    let info: Record<string, unknown>;
    try {
      const res = await doFetch(`${options.apiBase}/oauth2/v3/tokeninfo`, {
        headers: { authorization: `Bearer ${accessToken}` },
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Unauthenticated('Google sign-in could not be verified');
      info = (await res.json()) as Record<string, unknown>;
    } catch (err) {
      if (err instanceof DomainError) throw err;
      throw new UpstreamFailure('Google could not be reached. Try again.');
    }
    const audience = info.aud ?? info.azp;
    const verifiedEmail = info.email_verified === true || info.email_verified === 'true';
    const expires = Number(info.exp);
    if (audience !== options.clientId) throw new Unauthenticated('Google sign-in was issued for another application');
    if (typeof info.sub !== 'string' || typeof info.email !== 'string' || !verifiedEmail)
      throw new Unauthenticated('Google did not confirm this e-mail address');
    // No expiry means we cannot tell the token is still good: refuse rather than assume.
    if (!Number.isFinite(expires) || expires * 1000 <= Date.now())
      throw new Unauthenticated('Google sign-in has expired');
    return { sub: info.sub, email: info.email.toLowerCase() };
  };
}
