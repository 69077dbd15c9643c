import { useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { useHydrated, whenIdle } from '../../components/afterFirstScreen';
import { toasterWanted } from '../../lib/toast';

let loaded: ComponentType | null = null;
let loading: Promise<ComponentType> | null = null;

/** The toast stack's code (notistack): fetched once; a failed fetch (offline) is tried again next time. */
export function loadToaster(): Promise<ComponentType> {
  loading ??= import(/* webpackChunkName: "toaster" */ './Toaster').then(
    (module) => (loaded = module.default),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const notOnServer = () => false;

/**
 * The app with its toast stack beside it. The stack (notistack) is not part of the first screen: it
 * is loaded once the page is up and the browser idle, or at once when a toast is raised before
 * that; toasts raised meanwhile wait and then appear in order (toast.ts). It is never part of the
 * server's HTML, so hydration does not draw it either.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, notOnServer);
  const hydrated = useHydrated();
  const [idle, setIdle] = useState(false);
  const [Toaster, setToaster] = useState<ComponentType | null>(() => loaded);
  // Not useFirstScreenDone: once the stack's code is here (tests, a remount) no idle wait is started.
  useEffect(() => (Toaster ? undefined : whenIdle(() => setIdle(true))), [Toaster]);
  useEffect(() => {
    if (Toaster || !(wanted || idle)) return undefined;
    let live = true;
    loadToaster().then(
      (component) => {
        if (live) setToaster(() => component);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [Toaster, wanted, idle]);
  return (
    <>
      {children}
      {hydrated && Toaster && <Toaster />}
    </>
  );
}
