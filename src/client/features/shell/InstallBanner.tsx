/** Spec §2 install banner; filled in by the install-banner work. */
export function InstallBanner() {
  return null;
}
