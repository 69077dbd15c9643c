/** The offline notice; filled in by the service-worker work. */
export function OfflineNotice() {
  return null;
}
