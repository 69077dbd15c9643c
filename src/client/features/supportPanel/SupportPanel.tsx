import { lazy, Suspense } from 'react';
import { useSupportPanelOpening } from './supportPanelOpening';

// The dialog, its file checks and their schema load only when support asks for them, not for every visitor.
const SupportDialog = lazy(() => import(/* webpackChunkName: "support" */ './SupportDialog'));

/** The support panel (?support=1 or Ctrl+Alt+Shift+S): export and import of the persisted state. */
export function SupportPanel() {
  const { open, closed } = useSupportPanelOpening();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SupportDialog onClosed={closed} />
    </Suspense>
  );
}
