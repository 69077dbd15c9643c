/**
 * The page box of screens whose content only this browser can ask for (its cart, checkout, account,
 * orders): they start in the browser with placeholders and grow when the answers come. Taking at
 * least the window's height from the start keeps the footer below the fold meanwhile, so nothing on
 * screen moves when they grow (the footer's jump was the whole layout shift of /cart, /checkout and
 * /profile: 0.11–0.17).
 */
export const visitorPageSx = { py: { xs: 4, md: 7 }, minHeight: '100vh' } as const;
