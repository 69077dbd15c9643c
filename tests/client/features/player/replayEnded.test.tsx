import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from '../../../../src/client/app/store';
import { useStreamConfig } from '../../../../src/client/features/player/useStreamConfig';
import { STREAM_MESSAGES } from '../../../../src/shared/contract/streams';
import { preloaded } from '../../../utils/renderWithProviders';
import { signTestToken } from '../../../utils/signToken';

/**
 * A replay past its window (the event's replay days): the stream config's 403 is shown as the
 * server says it, not taken for a missing ticket (which sends the viewer to the event page).
 */
const SESSION = { sessionId: '00000000-0000-4000-8000-000000000001', sessionKey: 'k'.repeat(43) };

function configAnswers(message: string) {
  jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => Response.json({ success: false, message, data: null }, { status: 403 }));
  const store = makeStore(preloaded({ auth: { authToken: signTestToken({ kind: 'guest', sub: 'replay' }, 3600) } }));
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(() => useStreamConfig('replay-show', SESSION, 1), { wrapper }).result;
}
afterEach(() => jest.restoreAllMocks());

it("says the replay's window has passed, in the server's words", async () => {
  const ended = STREAM_MESSAGES.replayEnded('2026-11-20');
  const result = configAnswers(ended);
  await waitFor(() => expect(result.current.state).toEqual({ status: 'failed', message: ended }));
});

it('still takes any other 403 for a missing ticket', async () => {
  const result = configAnswers(STREAM_MESSAGES.notEntitled);
  await waitFor(() => expect(result.current.state).toEqual({ status: 'forbidden' }));
});
