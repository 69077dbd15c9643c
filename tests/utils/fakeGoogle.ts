import Fastify from 'fastify';

export type FakeGoogleToken = { aud: string; sub: string; email: string; email_verified?: boolean };

/**
 * A local stand-in for Google's token-info endpoint (Google's servers are outside our reach):
 * answers for the access tokens it was given, 400 for any other, as Google does.
 */
export async function startFakeGoogle(tokens: Record<string, FakeGoogleToken>) {
  const app = Fastify();
  app.get('/oauth2/v3/tokeninfo', async (req, reply) => {
    const token = (req.query as { access_token?: string }).access_token ?? '';
    const info = tokens[token];
    if (!info) return reply.status(400).send({ error: 'invalid_token', error_description: 'Invalid Value' });
    return { azp: info.aud, aud: info.aud, sub: info.sub, email: info.email, email_verified: String(info.email_verified ?? true), exp: String(Math.floor(Date.now() / 1000) + 3600), scope: 'openid email profile' };
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { base, close: () => app.close() };
}
