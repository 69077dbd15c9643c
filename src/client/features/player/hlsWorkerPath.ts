/**
 * hls.js's transmuxing worker, emitted by webpack as its own file under /assets/. The ES module build
 * of hls.js carries no worker of its own: without this path all ten tiles would transmux on the page's
 * main thread. Only the browser build reads this file (`import.meta`); tests mock it.
 */
export const hlsWorkerPath: string = new URL('hls.js/dist/hls.worker.js', import.meta.url).href;
