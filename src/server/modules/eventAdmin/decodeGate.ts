import { STUDIO_EVENT_MESSAGES } from '../../../shared/contract/studioEvents';
import { Unavailable } from '../../platform/domainErrors';

/**
 * How many uploads this process decodes at once. Decoding a picture takes a core and up to hundreds
 * of megabytes (sharp, libvips): past the bound an upload is answered 503 with a sentence at once,
 * rather than queued behind the others while the whole server slows down.
 */
export function createDecodeGate(atOnce: number) {
  let busy = 0;
  return {
    /** Takes a slot, or refuses (Unavailable); the answer gives it back (a second call does nothing). */
    enter(): () => void {
      if (busy >= atOnce) throw new Unavailable(STUDIO_EVENT_MESSAGES.imageBusy);
      busy += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        busy -= 1;
      };
    },
  };
}
