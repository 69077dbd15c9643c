import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * `npm run dev`: webpack rebuilds the client on change (development mode) while `tsx watch`
 * restarts the server on change. Ctrl-C stops both.
 */
const ROOT = path.resolve(__dirname, '../../..');
const children: ChildProcess[] = [];
const run = (args: string[], env: NodeJS.ProcessEnv = {}) => {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code) => {
    if (code && code !== 0) shutdown(code);
  });
};
const shutdown = (code = 0) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
process.on('SIGINT', () => shutdown());
process.on('SIGTERM', () => shutdown());

run(['--import', 'tsx', require.resolve('webpack-cli/bin/cli.js'), '--mode', 'development', '--watch']);
run([require.resolve('tsx/cli'), 'watch', '--clear-screen=false', '--exclude', 'src/client/**', 'src/server/main.ts'], {
  NODE_ENV: 'development',
});
