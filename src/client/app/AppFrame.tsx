import { RootLayout } from '../features/shell/RootLayout';
import { SupportPanel } from '../features/supportPanel/SupportPanel';

/** The root route: the shell (header, page, footer) and the support panel beside it. */
export function AppFrame() {
  return (
    <>
      <RootLayout />
      <SupportPanel />
    </>
  );
}
