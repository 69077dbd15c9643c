import { afterFirstScreenPainted, nextTask } from './app/nextTask';
import { readServerPage } from './app/serverPage';
import { captureInstallPrompt } from './features/shell/installPrompt';

// The browser may offer installation before React has rendered: catch the offer from the start.
captureInstallPrompt();

/**
 * Start-up in steps, each its own task: on a phone's CPU, running all of it at once blocked the
 * page for a third of a second or more. A module's code runs when it is first imported, so the
 * heavy groups are imported one by one (the store and Redux Toolkit; every feature's listeners;
 * the theme and MUI's styling; the shell's frame; the routes and react-router), then the store starts, then
 * the page hydrates. "eager" keeps every step's code in this bundle (no extra request): only when
 * it runs is deferred.
 */
async function start(): Promise<void> {
  const serverPage = readServerPage();
  // The server's HTML is the first screen: it is painted, with its largest picture, before any of
  // the work below begins.
  if (serverPage) await afterFirstScreenPainted();
  await import(/* webpackMode: "eager" */ './app/store');
  await nextTask();
  await import(/* webpackMode: "eager" */ './app/registerListeners');
  await nextTask();
  const { startStore } = await import(/* webpackMode: "eager" */ './app/startStore');
  const store = await startStore(serverPage);
  await nextTask();
  await import(/* webpackMode: "eager" */ './app/theme');
  await nextTask();
  await import(/* webpackMode: "eager" */ './app/AppFrame');
  await nextTask();
  await import(/* webpackMode: "eager" */ './app/router');
  await nextTask();
  const { startView } = await import(/* webpackMode: "eager" */ './app/startView');
  await nextTask();
  await startView(store, serverPage);
}

void start();
