import type { MiscDataFilter, MiscDataItem } from '../../../shared/contract/misc';
import type { SettingsRepository } from './settingsRepository';

/** Settings the storefront exposes to every visitor; anything else stays private to the server. */
const PUBLIC_SETTING_KEYS = new Set(['demoUse']);

export function createSettingsService(repo: SettingsRepository) {
  return {
    /** The public settings the `filter` of /misc/data names, in its order. */
    async readPublicSettings(filter: MiscDataFilter): Promise<MiscDataItem[]> {
      const wanted = filter.key.filter((k) => PUBLIC_SETTING_KEYS.has(k));
      const rows = await repo.findMany(wanted);
      const byKey = new Map(rows.map((r) => [r.key, r.value]));
      return wanted.flatMap((k) => (byKey.has(k) ? [{ variableKey: k, variableValue: byKey.get(k)! }] : []));
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
