import { settingsSchema } from '../src/server/configSettings';
import { envSettings, type EnvSetting } from '../src/server/platform/envSetting';

/*
 * README.md's variable table and .env.example, written from the configuration schema
 * (src/server/configSettings.ts) so they cannot drift from what the server reads.
 * scripts/writeConfigDocs.ts writes them; tests/tooling/configDocs.test.ts checks they are current.
 */

export const WRITE_COMMAND = 'npx tsx scripts/writeConfigDocs.ts';
export const TABLE_START = `<!-- Written from src/server/configSettings.ts by \`${WRITE_COMMAND}\`: change it there. -->`;
export const TABLE_END = '<!-- End of the written table. -->';

const WIDTH = 100;

export function configSettings(): EnvSetting[] {
  const settings = envSettings(settingsSchema);
  for (const s of settings) {
    if (/[|\n]/.test(s.description + (s.unset ?? ''))) throw new Error(`${s.env}: a table cell has no | or line break`);
    if (s.defaultValue === undefined && !s.unset) throw new Error(`${s.env}: say what unset means (unset:)`);
    if (s.secret && (s.example || s.defaultValue !== undefined)) {
      throw new Error(`${s.env}: a secret has no value in .env.example (no example, no default)`);
    }
  }
  return settings;
}

/** README's table: one row per variable, in the schema's order. */
export function readmeTable(settings = configSettings()): string {
  const rows = settings.map((s) => {
    const name = `\`${s.env}\`${s.secret ? ' (secret)' : ''}`;
    const byDefault = s.defaultValue === undefined ? s.unset! : `\`${String(s.defaultValue)}\``;
    return `| ${name} | ${byDefault} | ${s.description}${accepted(s)} |`;
  });
  return ['| variable | default | what it switches |', '|---|---|---|', ...rows].join('\n');
}

/** README.md with the text between the table's markers replaced by `table`. */
export function readmeWithTable(readme: string, table = readmeTable()): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md lost its table markers: ${TABLE_START} … ${TABLE_END}`);
  return `${readme.slice(0, start + TABLE_START.length)}\n${table}\n${readme.slice(end)}`;
}

/** .env.example: every variable with what it switches, the value to start from, and its default. */
export function envExample(settings = configSettings()): string {
  const lines = [
    ...comment(
      'Every variable the server reads, with its default and meaning. Copy to .env (or set them in your ' +
        'process manager) and change what you need; an empty value means "not set". The server checks them at ' +
        'start and refuses to run with one line per problem (exit code 78), naming the variable, never its ' +
        'value. README.md "Configuration" and docs/deploy.md say more.',
    ),
    ...comment(`Written from src/server/configSettings.ts by ${WRITE_COMMAND}: change it there.`),
  ];
  for (const s of settings) {
    if (s.section) lines.push('', `# --- ${s.section} `.padEnd(WIDTH, '-'));
    const byDefault = s.defaultValue === undefined ? '' : String(s.defaultValue);
    const value = s.example ?? byDefault;
    const sentence = `${plain(capitalized(s.description + accepted(s)))}.`;
    // The line shows the default value, or says what the value it shows instead replaces.
    const unlessSet = s.defaultValue === undefined ? `Unset: ${plain(s.unset!)}.` : `Default: ${byDefault}.`;
    lines.push(
      ...comment(value === byDefault && value !== '' ? sentence : `${sentence} ${unlessSet}`),
      `${s.env}=${value}`,
    );
  }
  return lines.join('\n') + '\n';
}

/** What the variable accepts beyond its type, read from its schema so the text cannot disagree. */
function accepted(s: EnvSetting): string {
  if (!s.accepts) return '';
  if ('min' in s.accepts) return `; ${s.accepts.min}–${s.accepts.max}`;
  const choices = s.accepts.choices.map((c) => `\`${c}\``);
  return `; one of ${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;
}

const plain = (markdown: string) => markdown.replace(/`([^`]*)`/g, '$1').replace(/\*\*([^*]+)\*\*/g, '$1');
/** A README cell starts in lower case, a comment with a capital, unless it starts with code (`postgres://…`). */
const capitalized = (markdown: string) =>
  markdown.startsWith('`') ? markdown : markdown.charAt(0).toUpperCase() + markdown.slice(1);

/** `text` as `# ` lines of at most WIDTH characters. */
function comment(text: string): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(' ')) {
    if (line.length + 1 + word.length > WIDTH && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}
