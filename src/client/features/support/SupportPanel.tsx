/** The support panel (export / import of the persisted state); filled in by the support work. */
export function SupportPanel() {
  return null;
}
