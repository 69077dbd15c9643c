import { miscDataFilter, type MiscDataItem } from '../../../shared/contract/misc';
import { parseJsonFilter } from '../../platform/jsonFilter';
import type { SettingsRepository } from './repository';

/** Settings the storefront exposes to every visitor; anything else stays private to the server. */
const PUBLIC_SETTING_KEYS = new Set(['demoUse']);

export function createMiscService(repo: SettingsRepository) {
  return {
    /** Reads the `filter` JSON of /misc/data and answers the public settings it names, in its order. */
    /** Stores an address once; the answer is the same either way (the list is nobody's business). */
    async subscribeToNewsletter(email: string, ip: string | null): Promise<void> {
      await repo.addNewsletterSignup(email.trim().toLowerCase(), ip);
    },

    async readPublicSettings(filterJson: string): Promise<MiscDataItem[]> {
      const filter = parseJsonFilter(miscDataFilter, filterJson, '{"key":["demoUse"]}');
      const wanted = filter.key.filter((k) => PUBLIC_SETTING_KEYS.has(k));
      const rows = await repo.findMany(wanted);
      const byKey = new Map(rows.map((r) => [r.key, r.value]));
      return wanted.flatMap((k) => (byKey.has(k) ? [{ variableKey: k, variableValue: byKey.get(k)! }] : []));
    },
  };
}

export type MiscService = ReturnType<typeof createMiscService>;
