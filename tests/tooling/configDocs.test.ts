import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  configSettings,
  envExample,
  readmeTable,
  readmeWithTable,
  TABLE_END,
  TABLE_START,
  WRITE_COMMAND,
} from '../../scripts/configDocs';
import { envSettings, fromEnv } from '../../src/server/platform/envSetting';

/**
 * The configuration schema (src/server/configSettings.ts) is the one list of variables: README.md's
 * table and .env.example are written from it, and must be what the writer writes today.
 */
const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const settings = configSettings();

it(`.env.example is written from the schema (after changing a variable: ${WRITE_COMMAND})`, () => {
  expect(read('.env.example').split('\n')).toEqual(envExample().split('\n'));
});

it(`README.md's variable table is written from the schema (after changing a variable: ${WRITE_COMMAND})`, () => {
  const readme = read('README.md');
  expect(readme).toContain(TABLE_START);
  expect(readme.split('\n')).toEqual(readmeWithTable(readme).split('\n'));
});

it('the table has one row per variable, with its default and description, and no other row', () => {
  const rows = readmeTable().split('\n').slice(2);
  expect(rows).toHaveLength(settings.length);
  expect(settings.length).toBeGreaterThan(40);
  settings.forEach((s, i) => {
    expect(rows[i]).toMatch(new RegExp(`^\\| \`${s.env}\``));
    expect(rows[i]).toContain(s.defaultValue === undefined ? s.unset : `| \`${String(s.defaultValue)}\` |`);
    expect(rows[i]).toContain(s.description);
  });
  expect(new Set(settings.map((s) => s.env)).size).toBe(settings.length);
});

it('.env.example shows each variable once: its example, its default, or empty when unset or secret', () => {
  const lines = envExample().split('\n');
  for (const s of settings) {
    const value = s.example ?? (s.defaultValue === undefined ? '' : String(s.defaultValue));
    expect(lines.filter((l) => l.startsWith(`${s.env}=`))).toEqual([`${s.env}=${value}`]);
    if (s.secret) expect(value).toBe('');
  }
  expect(lines.filter((l) => /^[A-Z]/.test(l))).toHaveLength(settings.length);
});

it('a config field that names no environment variable is refused, so nothing is read undocumented', () => {
  const schema = z.object({
    a: fromEnv('A', z.string().optional(), { description: 'a', unset: 'none' }),
    b: z.string(),
  });
  expect(() => envSettings(schema)).toThrow('config field b names no environment variable');
});

it('one schema object cannot stand for two variables (the second would be read as the first)', () => {
  const shared = z.string().optional();
  fromEnv('FIRST', shared, { description: 'first', unset: 'none' });
  expect(() => fromEnv('SECOND', shared, { description: 'second', unset: 'none' })).toThrow('SECOND: give it a schema');
});

it('the written table sits between its markers, whatever was there before', () => {
  const readme = `before\n${TABLE_START}\nold rows\n${TABLE_END}\nafter\n`;
  expect(readmeWithTable(readme, '| new |')).toBe(`before\n${TABLE_START}\n| new |\n${TABLE_END}\nafter\n`);
});
