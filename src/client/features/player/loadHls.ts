import Hls from 'hls.js';
import { hlsWorkerPath } from './hlsWorkerPath';

/**
 * hls.js and the URL of its worker, which every tile shares. The player imports this module
 * dynamically (chunk "hls"), so hls.js loads only where video plays.
 */
export const loadedHls = { Hls, workerPath: hlsWorkerPath };
