import { appStarted } from '../../lib/appEvents';
import type { AppStartListening } from '../../lib/listenerTypes';
import { DEMO_USE_KEY } from '../../../shared/constants';
import { settingsApi } from '../settings/settingsApi';
import { demoFlagReceived } from './uiSlice';

/** At start, once a guest token exists, read the server's demo flag and keep it as 'demoUse'. */
export function addShellListeners(startListening: AppStartListening) {
  return startListening({
    actionCreator: appStarted,
    effect: async (_action, api) => {
      // condition() only looks at later actions: a returning visitor already has the token now.
      if (api.getState().auth.authToken === null) await api.condition((_a, state) => state.auth.authToken !== null);
      const request = api.dispatch(settingsApi.endpoints.getSettings.initiate([DEMO_USE_KEY], { subscribe: false }));
      const result = await request;
      const flag = result.data?.find((item) => item.variableKey === DEMO_USE_KEY);
      if (flag) api.dispatch(demoFlagReceived(flag.variableValue));
    },
  });
}
