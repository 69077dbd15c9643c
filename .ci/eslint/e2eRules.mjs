// Rules for the browser journeys. Every wait goes through e2e/support/waitUntil.ts, so a
// wait that times out says what it waited for and what it saw; a fixed sleep becomes a wait on an
// event or on page state, or, where time itself is the subject, observeFor's deliberate window.
// waitForSelector, waitForNavigation, waitForResponse and waitForNetworkIdle stay allowed: they wait
// on one concrete event and already fail naming it.
const HELPER = 'e2e/support/waitUntil.ts';
const WAIT = `Wait on page state with waitInPage, waitUntil or waitForPath (${HELPER}): they say what they saw.`;
const SLEEP = `No fixed sleeps: wait on an event or state (${HELPER}), or use observeFor for a deliberate window.`;

export const e2eRules = [
  {
    files: ['e2e/**/*.ts'],
    ignores: [HELPER],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='waitForFunction']", message: WAIT },
        { selector: "MemberExpression[property.name='waitForTimeout']", message: SLEEP },
        { selector: "CallExpression[callee.name='setTimeout']", message: SLEEP },
        {
          selector: "MemberExpression[object.name=/^(window|globalThis|self)$/][property.name='setTimeout']",
          message: SLEEP,
        },
      ],
    },
  },
];
