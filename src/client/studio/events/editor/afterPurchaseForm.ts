import {
  AFTER_PURCHASE_DEFAULTS,
  AFTER_PURCHASE_MESSAGES,
  type AfterPurchaseKey,
  type AfterPurchaseSettings,
} from '../../../../shared/contract/afterPurchase';

/** The 'After the purchase' settings as the inputs hold them (text as typed; the replay window '' for none). */
export type AfterPurchaseValues = Record<AfterPurchaseKey, string>;
export type AfterPurchaseErrors = Partial<Record<AfterPurchaseKey, string>>;

const text = (s: AfterPurchaseSettings): AfterPurchaseValues => ({
  cancelCutoffHours: String(s.cancelCutoffHours),
  replayDays: s.replayDays === null ? '' : String(s.replayDays),
  waitlistHoldMinutes: String(s.waitlistHoldMinutes),
  guaranteeStartupSeconds: String(s.guaranteeStartupSeconds),
  guaranteeStallPercent: String(s.guaranteeStallPercent),
  guaranteeExtensionDays: String(s.guaranteeExtensionDays),
});
export const defaultAfterPurchase = (): AfterPurchaseValues => text(AFTER_PURCHASE_DEFAULTS);
export const afterPurchaseFromEvent = (s: AfterPurchaseSettings): AfterPurchaseValues => text(s);

/** Each whole-number setting's bounds (the contract's), and the stall share's. */
const BOUNDS: Record<Exclude<AfterPurchaseKey, 'guaranteeStallPercent'>, [number, number]> = {
  cancelCutoffHours: [0, 8760],
  replayDays: [1, 3650],
  waitlistHoldMinutes: [5, 1440],
  guaranteeStartupSeconds: [5, 600],
  guaranteeExtensionDays: [1, 365],
};

/** The settings as the contract's, or the sentence for each that cannot be sent. */
export function toAfterPurchase(
  v: AfterPurchaseValues,
): { settings: AfterPurchaseSettings; errors: null } | { settings: null; errors: AfterPurchaseErrors } {
  const errors: AfterPurchaseErrors = {};
  const whole = (key: keyof typeof BOUNDS): number => {
    const t = v[key].trim();
    const n = Number(t);
    const [min, max] = BOUNDS[key];
    if (!/^\d{1,5}$/.test(t) || n < min || n > max) errors[key] = AFTER_PURCHASE_MESSAGES[key];
    return n;
  };
  const stallText = v.guaranteeStallPercent.trim();
  const stall = Number(stallText);
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(stallText) || !(stall > 0) || stall > 100)
    errors.guaranteeStallPercent = AFTER_PURCHASE_MESSAGES.guaranteeStallPercent;
  const settings: AfterPurchaseSettings = {
    cancelCutoffHours: whole('cancelCutoffHours'),
    replayDays: v.replayDays.trim() === '' ? null : whole('replayDays'),
    waitlistHoldMinutes: whole('waitlistHoldMinutes'),
    guaranteeStartupSeconds: whole('guaranteeStartupSeconds'),
    guaranteeStallPercent: stall,
    guaranteeExtensionDays: whole('guaranteeExtensionDays'),
  };
  return Object.keys(errors).length ? { settings: null, errors } : { settings, errors: null };
}
