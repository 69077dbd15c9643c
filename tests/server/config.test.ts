// @databases postgres: its outcome does not depend on the kind of database
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/server/config';
import { settingsSchema } from '../../src/server/configSettings';
import { envSettings } from '../../src/server/platform/envSetting';
import { readOrCreateSecretFile } from '../../src/server/platform/privateFiles';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-config-'));
const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig({ DATA_DIR: tmp(), ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('loadConfig', () => {
  it('has working defaults', () => {
    const dataDir = tmp();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      env: 'development',
      databaseUrl: undefined,
      logLevel: 'info',
    });
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('generates a JWT secret once and keeps it in an owner-only DATA_DIR', () => {
    const dataDir = path.join(tmp(), 'data');
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dataDir)).toEqual(['jwt-secret']); // no temporary file left behind
  });

  it('tightens an existing DATA_DIR that others could read', () => {
    const dataDir = tmp();
    fs.chmodSync(dataDir, 0o755);
    loadConfig({ DATA_DIR: dataDir });
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  it('refuses a stored secret that is too short instead of replacing it', () => {
    const dataDir = tmp();
    fs.writeFileSync(path.join(dataDir, 'jwt-secret'), 'short\n', { mode: 0o600 });
    expect(problemsOf({ DATA_DIR: dataDir })).toEqual([
      expect.stringMatching(/^DATA_DIR: .*jwt-secret holds a secret shorter than 32 characters/),
    ]);
  });

  it('two processes creating the secret at once agree on the first one written', () => {
    const file = path.join(tmp(), 'jwt-secret');
    // The other process writes its secret in the gap between this one's read and its write.
    const theirs = 'b'.repeat(64);
    const seen = readOrCreateSecretFile(file, () => {
      fs.writeFileSync(file, theirs + '\n', { mode: 0o600 });
      return 'a'.repeat(64);
    });
    expect(seen).toBe(theirs);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(theirs);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['jwt-secret']);
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT: /],
    [{ PORT: '70000' }, /^PORT: must be 0–65535/],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL: must be one of/],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL: must start with postgres/],
    [{ JWT_SECRET: 'short' }, /^JWT_SECRET: must be at least 32 characters/],
    [{ PUBLIC_URL: 'not a url' }, /^PUBLIC_URL: must be an absolute URL/],
    [{ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com' }, /^JWT_SECRET: required when NODE_ENV=production/],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }, /^SMTP_URL: required when NODE_ENV=production/],
    [{ GUEST_ADDRESS_LIMIT_FACTOR: '0' }, /^GUEST_ADDRESS_LIMIT_FACTOR: must be 1–1000/],
    [{ GUEST_ADDRESS_LIMIT_FACTOR: 'lots' }, /^GUEST_ADDRESS_LIMIT_FACTOR: must be a number/],
  ])('refuses %j with a one-line reason naming the variable', (env, message) => {
    const problems = problemsOf(env as Record<string, string>);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it.each([
    ['JWT_SECRET', 'hunter2-but-short'],
    ['DATABASE_URL', 'mysql://admin:hunter2@db.example.com/shop'],
    ['SMTP_URL', 'ftp://mailer:hunter2@mail.example.com'],
  ])('never prints the value of %s, only its name and the problem', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toEqual([expect.stringMatching(new RegExp(`^${name}: `))]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it("GUEST_ADDRESS_LIMIT_FACTOR widens guests' per-address limits, for a venue's shared address", () => {
    expect(loadConfig({ DATA_DIR: tmp() }).limits.guestsPerAddress).toEqual({
      voucherAttemptsPerMinute: 10,
      streamConfigCallsPerMinute: 120,
      viewingOpensPerMinute: 60,
      liveStateCallsPerMinute: 1200,
    });
    expect(loadConfig({ DATA_DIR: tmp(), GUEST_ADDRESS_LIMIT_FACTOR: '5' }).limits.guestsPerAddress).toEqual({
      voucherAttemptsPerMinute: 50,
      streamConfigCallsPerMinute: 600,
      viewingOpensPerMinute: 300,
      liveStateCallsPerMinute: 6000,
    });
  });

  // Nested fields (live.rtmpPort, stripe.timeoutMs) are named by their variable too, never by the field.
  const ranged = envSettings(settingsSchema).flatMap((s) =>
    s.accepts && 'max' in s.accepts ? [[s.env, s.accepts.max + 1] as const] : [],
  );
  it.each(ranged)('refuses %s=%d, past its range, in a line naming it', (name, value) => {
    expect(problemsOf({ [name]: String(value) })).toEqual([expect.stringMatching(new RegExp(`^${name}: `))]);
  });

  it('lists every bad value at once', () => {
    expect(problemsOf({ PORT: 'x', LOG_LEVEL: 'y' })).toHaveLength(2);
  });
});

describe('the server process', () => {
  it('refuses to start with a bad value and says which', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: 'eighty', DATA_DIR: tmp() },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toMatch(/Configuration error: PORT: /);
  });

  it('prints no secret when one is wrong', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, DATABASE_URL: 'mysql://admin:hunter2@db/shop', JWT_SECRET: 'hunter2', DATA_DIR: tmp() },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toMatch(/DATABASE_URL: /);
    expect(result.stderr).toMatch(/JWT_SECRET: /);
    expect(result.stdout + result.stderr).not.toContain('hunter2');
  });
});
