import { emailAddress, z } from './zod';
import { envelope } from './responseEnvelope';
import { dbId, jsonId } from './ids';

/** Sign-in payloads of docs/behaviour.md §3 ("Sign-in payload fields"), with docs/decisions.md's paths. */
const email = emailAddress();
/** 1, 2 or 3 as a JSON number, and nothing else: not `true`, `"3"` or `[3]` (published as an enum). */
const loginSource = z.literal([1, 2, 3], { error: 'must be 1 (Google), 2 (Facebook) or 3 (e-mail code)' });
const deviceType = z.number().int();
const name = z.string().trim().max(100);
const common = {
  emailId: email,
  loginSource,
  deviceType: deviceType.optional(),
  provider: z.enum(['google', 'facebook']).optional(),
};

export const checkUserBody = z.strictObject({ emailId: email, loginSource: loginSource.optional() });
export const loginBody = z.strictObject({ ...common, accessToken: z.string().min(10).max(4096).optional() });
export const registerBody = z.strictObject({
  ...common,
  accessToken: z.string().min(10).max(4096).optional(),
  firstName: name.optional(),
  lastName: name.optional(),
});
export const verifyOtpBody = z.strictObject({
  emailId: email,
  otp: z
    .string()
    .regex(/^\d{6}$/, 'must be exactly 6 digits')
    .meta({
      description:
        'The code last mailed to `emailId` by /v1/login or /v1/register, before it expires and while tries are ' +
        'left. Any other six digits are a 400.',
    }),
  NewUser: z.boolean().optional(),
  firstName: name.optional(),
  lastName: name.optional(),
  loginSource: loginSource.optional(),
  deviceType: deviceType.optional(),
});

const sessionData = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  emailId: z.string(),
  token: z.string(),
  verified: z.boolean(),
});
export type SessionData = z.infer<typeof sessionData>;
export const sessionResponse = envelope(z.array(sessionData));
export type SessionResponse = z.infer<typeof sessionResponse>;

/** Answer to a code request: only whether the account is verified (no names before the code is). */
export const codeSentResponse = envelope(z.array(z.object({ verified: z.boolean() })));
export type CodeSentResponse = z.infer<typeof codeSentResponse>;

export const checkUserResponse = envelope(z.object({ exists: z.boolean(), verified: z.boolean() }));
export type CheckUserResponse = z.infer<typeof checkUserResponse>;

const profile = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  emailId: z.string(),
});
export type Profile = z.infer<typeof profile>;
export const profileResponse = envelope(z.array(profile));
export type ProfileResponse = z.infer<typeof profileResponse>;
export const profileParams = z.strictObject({ userId: dbId });
/** docs/behaviour.md §5: the profile's name is split at the first space, nothing more: empty is a name too. */
export const profileUpdateBody = z.strictObject({
  userId: jsonId.optional(),
  firstName: name,
  lastName: name,
});
export const logoutResponse = envelope(z.null());
