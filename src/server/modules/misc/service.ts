import { miscDataFilter, type MiscDataItem } from '../../../shared/contract/misc';
import { httpError } from '../../plugins/errors';
import type { SettingsRepository } from './repository';

/** Settings the storefront exposes to every visitor; anything else stays private to the server. */
export const PUBLIC_SETTING_KEYS = new Set(['demoUse']);

export function createMiscService(repo: SettingsRepository) {
  return {
    /** Reads the `filter` JSON of /misc/data and answers the public settings it names, in its order. */
    async readPublicSettings(filterJson: string): Promise<MiscDataItem[]> {
      const filter = parseFilter(filterJson);
      const wanted = filter.key.filter((k) => PUBLIC_SETTING_KEYS.has(k));
      const rows = await repo.findMany(wanted);
      const byKey = new Map(rows.map((r) => [r.key, r.value]));
      return wanted.flatMap((k) => (byKey.has(k) ? [{ variableKey: k, variableValue: byKey.get(k)! }] : []));
    },
  };
}

function parseFilter(json: string) {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw httpError(400, 'querystring.filter: must be valid JSON such as {"key":["demoUse"]}');
  }
  const parsed = miscDataFilter.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw httpError(400, `querystring.filter${issue.path.map((p) => `.${String(p)}`).join('')}: ${issue.message}`);
  }
  return parsed.data;
}
export type MiscService = ReturnType<typeof createMiscService>;
