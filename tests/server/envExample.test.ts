// @databases postgres: its outcome does not depend on the kind of database
import fs from 'node:fs';
import path from 'node:path';
import { CONFIG_VARIABLES, loadConfig } from '../../src/server/config';

/** `.env.example` is the operator's list: every variable the server reads, and values it accepts. */
const example = fs.readFileSync(path.resolve(__dirname, '../../.env.example'), 'utf8');
const entries = Object.fromEntries(
  example
    .split('\n')
    .filter((l) => /^[A-Z][A-Z0-9_]*=/.test(l))
    .map((l) => {
      const at = l.indexOf('=');
      return [l.slice(0, at), l.slice(at + 1)];
    }),
);

it('lists every variable the server reads, and nothing it does not', () => {
  expect(Object.keys(entries).sort()).toEqual([...CONFIG_VARIABLES].sort());
});

it('is a configuration the server accepts once the two production secrets are filled in', () => {
  expect(() => loadConfig(entries)).toThrow(/JWT_SECRET: required when NODE_ENV=production[\s\S]*SMTP_URL: required/);
  const config = loadConfig({ ...entries, JWT_SECRET: 'x'.repeat(48), SMTP_URL: 'smtp://mail.example.com:587' });
  expect(config).toMatchObject({
    env: 'production',
    port: 3000,
    redisUrl: null,
    databaseUrl: undefined,
    seedDemoData: false,
    payments: { provider: 'sandbox' },
  });
});
