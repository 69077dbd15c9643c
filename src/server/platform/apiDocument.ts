/**
 * Names the OpenAPI document (plugins/openApi.ts) shares with the page that shows it
 * (modules/web/apiReferenceRoutes.ts).
 */

/** Where the document is served; README and docs link here instead of keeping a call table by hand. */
export const OPENAPI_PATH = '/openapi.json';

/** How an operation's description begins when the call needs a signed-in user's token. */
export const USER_TOKEN_NOTE = "Needs a signed-in user's token.";
