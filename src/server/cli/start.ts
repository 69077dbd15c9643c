import { ensureClientBuilt } from './clientBuild';

/**
 * `npm start`: builds the client only when dist/ is missing or older than its sources, then starts
 * the server (which migrates and seeds an empty database before it listens).
 */
ensureClientBuilt();
void import('../main');
