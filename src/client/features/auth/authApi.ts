import { apiSlice } from '../../api/apiSlice';
import { LOGIN_SOURCE } from '../../../shared/constants';
import type {
  CheckUserResponse,
  CodeSentResponse,
  SessionData,
  SessionResponse,
} from '../../../shared/contract/identity';

type CodeSent = { message: string; verified: boolean };
const codeSent = (r: CodeSentResponse): CodeSent => ({ message: r.message, verified: r.data[0]?.verified ?? false });
const session = (r: SessionResponse): SessionData & { message: string } => ({ ...r.data[0]!, message: r.message });

/**
 * docs/behaviour.md §9 "pending registration 10 s": a registration request (a code for a new account, or a
 * Google sign-up) that has not answered in 10 s is given up. The call fails as a timeout, the page says
 * the spec's unexpected error and its button can be used again; nobody waits on a spinner for good.
 * Every other call keeps the spec's HTTP timeout of none (HTTP_TIMEOUT_MS).
 */
const PENDING_REGISTRATION_TIMEOUT_MS = 10_000;

/** Sign-in calls (docs/decisions.md paths). None is cached: each is an action, not a read. */
export const authApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    checkUser: build.mutation<{ exists: boolean; verified: boolean }, { emailId: string; loginSource?: number }>({
      query: ({ emailId, loginSource = LOGIN_SOURCE.emailCode }) => ({
        url: '/checkuser',
        method: 'POST',
        body: { emailId, loginSource },
      }),
      transformResponse: (r: CheckUserResponse) => r.data,
    }),
    requestLoginCode: build.mutation<CodeSent, string>({
      query: (emailId) => ({ url: '/login', method: 'POST', body: { emailId, loginSource: LOGIN_SOURCE.emailCode } }),
      transformResponse: codeSent,
    }),
    requestRegisterCode: build.mutation<CodeSent, string>({
      query: (emailId) => ({
        url: '/register',
        method: 'POST',
        body: { emailId, loginSource: LOGIN_SOURCE.emailCode },
        timeout: PENDING_REGISTRATION_TIMEOUT_MS,
      }),
      transformResponse: codeSent,
    }),
    verifyOtp: build.mutation<
      SessionData & { message: string },
      { emailId: string; otp: string; NewUser: boolean; firstName?: string; lastName?: string }
    >({
      query: (body) => ({ url: '/verifyotp', method: 'POST', body }),
      transformResponse: session,
    }),
    googleLogin: build.mutation<SessionData & { message: string }, { emailId: string; accessToken: string }>({
      query: (body) => ({
        url: '/login',
        method: 'POST',
        body: { ...body, loginSource: LOGIN_SOURCE.google, provider: 'google', deviceType: 1 },
      }),
      transformResponse: session,
    }),
    googleRegister: build.mutation<
      SessionData & { message: string },
      { emailId: string; accessToken: string; firstName: string; lastName: string }
    >({
      query: (body) => ({
        url: '/register',
        method: 'POST',
        body: { ...body, loginSource: LOGIN_SOURCE.google, provider: 'google', deviceType: 1 },
        timeout: PENDING_REGISTRATION_TIMEOUT_MS,
      }),
      transformResponse: session,
    }),
    logout: build.mutation<string, void>({
      query: () => ({ url: '/logout', method: 'POST' }),
      transformResponse: (r: { message: string }) => r.message,
    }),
  }),
});

export const {
  useCheckUserMutation,
  useRequestLoginCodeMutation,
  useRequestRegisterCodeMutation,
  useVerifyOtpMutation,
  useGoogleLoginMutation,
  useGoogleRegisterMutation,
  useLogoutMutation,
} = authApi;
