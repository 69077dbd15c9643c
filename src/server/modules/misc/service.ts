import type { MiscDataFilter, MiscDataItem } from '../../../shared/contract/misc';
import type { SettingsRepository } from './repository';

/** Settings the storefront exposes to every visitor; anything else stays private to the server. */
const PUBLIC_SETTING_KEYS = new Set(['demoUse']);

export function createMiscService(repo: SettingsRepository) {
  return {
    /** Stores an address once; the answer is the same either way (the list is nobody's business). */
    async subscribeToNewsletter(email: string, ip: string | null): Promise<void> {
      await repo.addNewsletterSignup(email.trim().toLowerCase(), ip);
    },

    /** The public settings the `filter` of /misc/data names, in its order. */
    async readPublicSettings(filter: MiscDataFilter): Promise<MiscDataItem[]> {
      const wanted = filter.key.filter((k) => PUBLIC_SETTING_KEYS.has(k));
      const rows = await repo.findMany(wanted);
      const byKey = new Map(rows.map((r) => [r.key, r.value]));
      return wanted.flatMap((k) => (byKey.has(k) ? [{ variableKey: k, variableValue: byKey.get(k)! }] : []));
    },
  };
}

export type MiscService = ReturnType<typeof createMiscService>;
