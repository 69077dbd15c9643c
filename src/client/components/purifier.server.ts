import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * DOMPurify needs a DOM: on the server, jsdom's (DOMPurify's documented way to run in Node). The
 * server render sanitizes catalog HTML by the very rules the browser applies (SafeHtml).
 */
export const purifier = DOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
