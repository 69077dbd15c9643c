import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export const SUPPORT_PARAM = 'support';
/** Opens the panel from anywhere (documented in the README); Ctrl+Alt+Shift+S is used by no browser. */
const isPanelHotkey = (e: KeyboardEvent) => e.ctrlKey && e.altKey && e.shiftKey && !e.metaKey && e.code === 'KeyS';

/** Whether the support panel is asked for: ?support=1 on the address, or the key combination. */
export function useSupportPanelOpening() {
  const [params] = useSearchParams();
  const [keyOpened, setKeyOpened] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPanelHotkey(event)) return;
      event.preventDefault();
      setKeyOpened(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return { open: keyOpened || params.get(SUPPORT_PARAM) === '1', closed: () => setKeyOpened(false) };
}
