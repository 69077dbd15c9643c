import type { TypedStartListening } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from './storeTypes';

/**
 * The typed startListening each feature's *Listeners.ts receives. The one listener middleware is
 * created and wired to the store in app/listenerMiddleware.ts; features only need its type.
 */
export type AppStartListening = TypedStartListening<RootState, AppDispatch>;
