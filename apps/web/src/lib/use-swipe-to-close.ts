import { useCallback, useEffect, useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { isMobileWidth } from './time';

/**
 * Swipe-to-close for drawers on narrow screens (SPEC §9): a drag counts after 8 px of movement mostly along the
 * closing direction; releasing closes when the drag passed 33% of the panel's size, or moved faster than
 * 0.6 px/ms over more than 24 px; closing or snapping back animates for 180 ms.
 */
export const SWIPE = {
  startPx: 8,
  distanceRatio: 0.33,
  speedPxPerMs: 0.6,
  minFlickPx: 24,
  animationMs: 180,
} as const;

export type SwipeDirection = 'left' | 'right' | 'down';

/** How far the pointer moved in the closing direction (negative: the other way). */
export function closingDistance(direction: SwipeDirection, dx: number, dy: number): number {
  return direction === 'left' ? -dx : direction === 'right' ? dx : dy;
}

/** A drag starts once the movement passes 8 px and runs more along the closing axis than across it. */
export function isSwipeStart(direction: SwipeDirection, dx: number, dy: number): boolean {
  const along = Math.abs(direction === 'down' ? dy : dx);
  const across = Math.abs(direction === 'down' ? dx : dy);
  return along > SWIPE.startPx && along > across;
}

/** On release: close when past 33% of the panel size, or a flick faster than 0.6 px/ms over more than 24 px. */
export function shouldClose(distance: number, panelSize: number, elapsedMs: number): boolean {
  if (distance <= 0) return false;
  if (distance > panelSize * SWIPE.distanceRatio) return true;
  const speed = distance / Math.max(elapsedMs, 1);
  return speed > SWIPE.speedPxPerMs && distance > SWIPE.minFlickPx;
}

interface DragState {
  pointerId: number;
  x: number;
  y: number;
  time: number;
  dragging: boolean;
  distance: number;
}

function translate(direction: SwipeDirection, px: number): string {
  return direction === 'down' ? `translate3d(0, ${px}px, 0)` : `translate3d(${direction === 'left' ? -px : px}px, 0, 0)`;
}

/**
 * Pointer handlers for the panel element `ref`: the panel follows the finger in the closing direction, then
 * closes (animating out, then `onClose`) or springs back. Active only below the 768 px breakpoint.
 */
export function useSwipeToClose<T extends HTMLElement>(ref: RefObject<T | null>, direction: SwipeDirection, onClose: () => void) {
  const drag = useRef<DragState | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const setStyle = (transform: string, animate: boolean) => {
    const node = ref.current;
    if (!node) return;
    node.style.transition = animate ? `transform ${SWIPE.animationMs}ms ease-out` : 'none';
    node.style.transform = transform;
  };

  const onPointerDown = useCallback((event: ReactPointerEvent<T>) => {
    if (!isMobileWidth(window.innerWidth) || event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, time: event.timeStamp, dragging: false, distance: 0 };
  }, []);

  const onPointerMove = useCallback(
    (event: ReactPointerEvent<T>) => {
      const state = drag.current;
      if (!state || state.pointerId !== event.pointerId) return;
      const dx = event.clientX - state.x;
      const dy = event.clientY - state.y;
      if (!state.dragging) {
        if (!isSwipeStart(direction, dx, dy)) {
          // Movement along the other axis first: a scroll, not a swipe.
          if (Math.abs(dx) > SWIPE.startPx || Math.abs(dy) > SWIPE.startPx) drag.current = null;
          return;
        }
        state.dragging = true;
        event.currentTarget.setPointerCapture?.(event.pointerId);
      }
      state.distance = Math.max(0, closingDistance(direction, dx, dy));
      setStyle(translate(direction, state.distance), false);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [direction],
  );

  const finish = useCallback(
    (event: ReactPointerEvent<T>, cancelled: boolean) => {
      const state = drag.current;
      drag.current = null;
      if (!state || !state.dragging || state.pointerId !== event.pointerId) return;
      const node = ref.current;
      const size = node ? (direction === 'down' ? node.offsetHeight : node.offsetWidth) : 0;
      if (!cancelled && shouldClose(state.distance, size, event.timeStamp - state.time)) {
        setStyle(translate(direction, size || state.distance), true);
        timer.current = window.setTimeout(() => {
          closeRef.current();
          setStyle('', false);
        }, SWIPE.animationMs);
      } else {
        setStyle('', true);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [direction],
  );

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp: (event: ReactPointerEvent<T>) => finish(event, false),
    onPointerCancel: (event: ReactPointerEvent<T>) => finish(event, true),
  };
}
