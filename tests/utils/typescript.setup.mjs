// The server suites run in plain Node worker threads (jest-light-runner: package.json's `server` and
// `server-postgres` projects), which load TypeScript through tsx: registered here, first of the setup
// files, so `npx jest` needs no flag. The same loader as `node --import tsx` (tsx's own entry).
import 'tsx';
