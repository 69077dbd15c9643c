import { createAction } from '@reduxjs/toolkit';
import type { RedirectMarker } from '../../../shared/constants';

/**
 * A support file was imported (support panel): the customer's redirect marker and demo flag are
 * taken over as they were, and their cart's events are added to this browser's own cart. Tokens
 * and the user id never travel: identity comes from this browser's own token.
 */
export const supportStateImported = createAction<{
  cartAssetIds: number[];
  redirectUrl: RedirectMarker | null;
  demoUse: string | null;
}>('support/stateImported');

/** The imported cart's events have been put in this browser's cart (`added` of `requested`). */
export const supportCartRestored = createAction<{ requested: number; added: number }>('support/cartRestored');
