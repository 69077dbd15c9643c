import { useRef, useState, type PointerEvent } from 'react';
import { TOASTS } from '../../../shared/constants';

/**
 * docs/behaviour.md §9 swipe dismiss: a toast follows a horizontal drag (finger or mouse) and is dismissed when
 * let go past 45 px; under that it springs back. A press on a button inside is not a drag.
 */
export function useSwipeToDismiss(onDismiss: () => void) {
  const start = useRef<{ x: number; pointerId: number } | null>(null);
  const [offset, setOffset] = useState(0);

  const end = (event: PointerEvent<HTMLElement>) => {
    if (!start.current || start.current.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.current.x;
    start.current = null;
    if (Math.abs(dx) > TOASTS.swipeDismissPx) onDismiss();
    else setOffset(0);
  };
  return {
    offset,
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        if ((event.target as HTMLElement).closest('button')) return;
        start.current = { x: event.clientX, pointerId: event.pointerId };
        event.currentTarget.setPointerCapture?.(event.pointerId);
      },
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        if (start.current?.pointerId === event.pointerId) setOffset(event.clientX - start.current.x);
      },
      onPointerUp: end,
      onPointerCancel: () => {
        start.current = null;
        setOffset(0);
      },
    },
  };
}
