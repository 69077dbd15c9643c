import { createListenerMiddleware } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../lib/storeTypes';

/**
 * One listener middleware; each feature registers its side effects in its own *Listeners.ts file,
 * typed by lib/listenerTypes' AppStartListening (the type of startAppListening).
 */
export const listenerMiddleware = createListenerMiddleware();
export const startAppListening = listenerMiddleware.startListening.withTypes<RootState, AppDispatch>();
