import DOMPurify from 'dompurify';

/** DOMPurify on the page's own window. The server render gets purifier.server.ts instead (webpack.config.ts). */
export const purifier = DOMPurify;
