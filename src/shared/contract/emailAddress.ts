/**
 * What an e-mail address is, once for the server's check, the browser's forms and the API document
 * (published as `format: email` with this `pattern` and `maxLength`). It takes only what every
 * reading of `format: email` takes (RFC 5321's dot-atom mailbox, Ajv's formats): a local part of
 * at most 64 characters of letters, digits and `_'+-` in dot-separated words, then a domain of
 * labels of 1–63 letters, digits and inner hyphens, ending in a name of letters. So an address the
 * document calls invalid is refused, and one it calls valid is taken. No zod here: the forms load it.
 */
export const EMAIL_MAX_LENGTH = 254;
/** Dot-separated words of the local part, and a domain label. */
const LOCAL = "[A-Za-z0-9_'+-]+(?:\\.[A-Za-z0-9_'+-]+)*";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
export const EMAIL_PATTERN = new RegExp(`^(?=[^@]{1,64}@)${LOCAL}@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`);

export const isEmailAddress = (value: string) => value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
