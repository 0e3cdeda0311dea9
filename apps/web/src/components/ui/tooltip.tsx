import { cloneElement, useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

type Side = 'top' | 'right' | 'bottom' | 'left';

interface TooltipProps {
  content: ReactNode;
  side?: Side;
  /** One focusable element (a button, a link, or an element with tabIndex). */
  children: ReactElement<{ 'aria-describedby'?: string }>;
}

/** Hover waits this long before showing (a pointer passing over does not flash tooltips); focus shows at once. */
const HOVER_DELAY_MS = 300;
const OFFSET_PX = 6;
/** Keeps the tooltip inside the viewport by at least this much. */
const EDGE_PX = 4;

/**
 * Where the tooltip goes: beside the trigger on `side`, flipped to the opposite side when it would leave the
 * viewport there, and slid along the other axis to stay inside it. Pure, so it is unit-tested.
 */
export function placeTooltip(
  trigger: { top: number; left: number; width: number; height: number },
  tip: { width: number; height: number },
  viewport: { width: number; height: number },
  side: Side,
): { top: number; left: number; side: Side } {
  const fits = (s: Side) =>
    s === 'bottom'
      ? trigger.top + trigger.height + OFFSET_PX + tip.height <= viewport.height - EDGE_PX
      : s === 'top'
        ? trigger.top - OFFSET_PX - tip.height >= EDGE_PX
        : s === 'right'
          ? trigger.left + trigger.width + OFFSET_PX + tip.width <= viewport.width - EDGE_PX
          : trigger.left - OFFSET_PX - tip.width >= EDGE_PX;
  const opposite: Record<Side, Side> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };
  const chosen = fits(side) || !fits(opposite[side]) ? side : opposite[side];
  const clamp = (value: number, size: number, limit: number) =>
    Math.min(Math.max(value, EDGE_PX), Math.max(EDGE_PX, limit - size - EDGE_PX));
  if (chosen === 'top' || chosen === 'bottom') {
    const top = chosen === 'bottom' ? trigger.top + trigger.height + OFFSET_PX : trigger.top - OFFSET_PX - tip.height;
    return { top, left: clamp(trigger.left + trigger.width / 2 - tip.width / 2, tip.width, viewport.width), side: chosen };
  }
  const left = chosen === 'right' ? trigger.left + trigger.width + OFFSET_PX : trigger.left - OFFSET_PX - tip.width;
  return { left, top: clamp(trigger.top + trigger.height / 2 - tip.height / 2, tip.height, viewport.height), side: chosen };
}

/** Keyboard focus (not the focus a click gives): the tooltip shows for it at once. */
function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * Wraps one focusable element; shows on hover (after a short delay) and on keyboard focus, hides on leave, blur
 * and Escape (which closes only the tooltip, not a dialog under it). The text is tied to the element with
 * aria-describedby. Our own small component rather than a popper library: tooltips sit on first pages (the
 * communities row, the navigation strip) and a positioning library there cost ~30 KB of a visitor's first load.
 */
export function Tooltip({ content, side = 'bottom', children }: TooltipProps) {
  const id = useId();
  const wrapper = useRef<HTMLSpanElement>(null);
  const tip = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  const trigger = () => wrapper.current?.firstElementChild as HTMLElement | null | undefined;
  const show = useCallback((delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), delay);
  }, []);
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setOpen(false);
    setPosition(null);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  useLayoutEffect(() => {
    const element = trigger();
    if (!open || !element || !tip.current) return;
    const rect = element.getBoundingClientRect();
    const placed = placeTooltip(
      { top: rect.top, left: rect.left, width: rect.width, height: rect.height },
      { width: tip.current.offsetWidth, height: tip.current.offsetHeight },
      { width: window.innerWidth, height: window.innerHeight },
      side,
    );
    setPosition({ top: placed.top, left: placed.left });
  }, [open, side, content]);

  useEffect(() => {
    if (!open) return;
    // Window capture runs before the document listeners a dialog uses, so Escape closes the tooltip alone.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      hide();
    };
    const onScroll = () => hide();
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('scroll', onScroll, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('scroll', onScroll, true);
    };
  }, [open, hide]);

  return (
    <span
      ref={wrapper}
      className="contents"
      onPointerOver={(event) => (event.pointerType === 'touch' ? undefined : show(HOVER_DELAY_MS))}
      onPointerOut={(event) => (wrapper.current?.contains(event.relatedTarget as Node | null) ? undefined : hide())}
      onFocus={(event) => (focusVisible(event.target) ? show(0) : undefined)}
      onBlur={hide}
      onPointerDown={hide}
    >
      {cloneElement(children, { 'aria-describedby': open ? id : children.props['aria-describedby'] })}
      {open
        ? createPortal(
            <div
              ref={tip}
              id={id}
              role="tooltip"
              style={position ? { top: position.top, left: position.left } : { top: 0, left: 0, visibility: 'hidden' }}
              className="pointer-events-none fixed z-50 max-w-64 rounded-md bg-fg px-2 py-1 text-xs font-medium text-canvas shadow-md animate-fade-in"
            >
              {content}
            </div>,
            document.body,
          )
        : null}
    </span>
  );
}
