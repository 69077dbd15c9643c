import { AFTER_PURCHASE_DEFAULTS, AFTER_PURCHASE_MESSAGES } from '../../../../../src/shared/contract/afterPurchase';
import {
  defaultAfterPurchase,
  toAfterPurchase,
} from '../../../../../src/client/studio/events/editor/afterPurchaseForm';

/** The editor's 'After the purchase' inputs: the defaults, an empty replay window, each bound's sentence. */
describe("the editor's after-the-purchase settings", () => {
  it('sends the defaults as they are, and an empty replay window as null (the replay stays)', () => {
    expect(toAfterPurchase(defaultAfterPurchase())).toEqual({ settings: AFTER_PURCHASE_DEFAULTS, errors: null });
    const some = { ...defaultAfterPurchase(), replayDays: '14', guaranteeStallPercent: '2.5' };
    expect(toAfterPurchase(some).settings).toMatchObject({ replayDays: 14, guaranteeStallPercent: 2.5 });
  });

  it('says what is wrong with each value out of its bounds', () => {
    const bad = {
      cancelCutoffHours: '-1',
      replayDays: '0',
      waitlistHoldMinutes: 'soon',
      guaranteeStartupSeconds: '601',
      guaranteeStallPercent: '0',
      guaranteeExtensionDays: '1.5',
    };
    expect(toAfterPurchase(bad)).toEqual({ settings: null, errors: AFTER_PURCHASE_MESSAGES });
  });
});
