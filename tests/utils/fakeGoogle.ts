import Fastify from 'fastify';

export type FakeGoogleToken = {
  aud: string;
  sub: string;
  email: string;
  email_verified?: boolean;
  exp?: number | null;
};

/**
 * A local stand-in for Google's token-info endpoint (Google's servers are outside our reach):
 * answers for the access tokens it was given in the Authorization header, 400 for any other, as
 * Google does. Every request's URL is kept, so tests can check no token travelled in a query string.
 */
export async function startFakeGoogle(tokens: Record<string, FakeGoogleToken>) {
  const app = Fastify();
  const urls: string[] = [];
  app.get('/oauth2/v3/tokeninfo', async (req, reply) => {
    urls.push(req.url);
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const info = tokens[token];
    if (!info) return reply.status(400).send({ error: 'invalid_token', error_description: 'Invalid Value' });
    const exp = info.exp === undefined ? Math.floor(Date.now() / 1000) + 3600 : info.exp;
    return {
      azp: info.aud,
      aud: info.aud,
      sub: info.sub,
      email: info.email,
      email_verified: String(info.email_verified ?? true),
      ...(exp === null ? {} : { exp: String(exp) }),
      scope: 'openid email profile',
    };
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { base, urls, close: () => app.close() };
}
