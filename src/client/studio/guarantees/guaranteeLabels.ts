import type { GuaranteeRuleName, StudioGuarantee } from '../../../shared/contract/guarantee';

/** The rule that fired, as the console names it. */
export const RULE_LABEL: Record<GuaranteeRuleName, string> = {
  no_first_frame: 'No first frame',
  refused: 'Refused (our fault)',
  stalled: 'Stalled',
};

const seconds = (ms: unknown) => (typeof ms === 'number' ? `${(ms / 1000).toFixed(1)} s` : '—');

/** The evidence in one line: the figures the rule read against its threshold. */
export function evidenceLine(g: StudioGuarantee): string {
  const e = g.evidence;
  switch (g.rule) {
    case 'stalled':
      return (
        `${String(e.stallPercent)} % stalled (${seconds(e.stallMs)} of ${seconds(e.watchMs)} watched, ` +
        `${String(e.sessions)} session${e.sessions === 1 ? '' : 's'}); threshold ${String(e.thresholdPercent)} %`
      );
    case 'no_first_frame':
      return e.startupMs === null
        ? `No first frame after trying ${seconds(e.triedMs)}; threshold ${String(e.thresholdSeconds)} s`
        : `First frame after ${seconds(e.startupMs)}; threshold ${String(e.thresholdSeconds)} s`;
    case 'refused':
      return (
        `${String(e.refusals)} refusal${e.refusals === 1 ? '' : 's'}, ` +
        `first ${String(e.firstStatus)} on ${String(e.firstRoute)}`
      );
  }
}

/** The page's title. */
export const GUARANTEES_TITLE = 'Guaranteed view';

export const REMEDY_LABEL = { refund: 'Refund', credit: 'Credit' } as const;
