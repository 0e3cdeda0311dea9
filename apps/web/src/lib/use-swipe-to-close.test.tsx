import { describe, expect, it, vi } from 'vitest';
import { useRef } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { closingDistance, isSwipeStart, shouldClose, useSwipeToClose } from './use-swipe-to-close';

describe('swipe rules (SPEC §9)', () => {
  it.each([
    ['left', -9, 0, true],
    ['left', -8, 0, false],
    ['left', 9, 0, true],
    ['left', -9, 12, false],
    ['right', 20, 5, true],
    ['down', 0, 9, true],
    ['down', 9, 0, false],
  ] as const)('%s: dx %d dy %d starts a drag → %s', (direction, dx, dy, expected) => {
    expect(isSwipeStart(direction, dx, dy)).toBe(expected);
  });

  it('measures distance in the closing direction only', () => {
    expect(closingDistance('left', -40, 3)).toBe(40);
    expect(closingDistance('left', 40, 3)).toBe(-40);
    expect(closingDistance('right', 40, 3)).toBe(40);
    expect(closingDistance('down', 3, 40)).toBe(40);
  });

  it.each([
    // Past 33% of a 520 px panel (171.6 px), however slowly.
    [172, 520, 5_000, true],
    [171, 520, 5_000, false],
    // A flick: faster than 0.6 px/ms and more than 24 px.
    [30, 520, 40, true],
    [24, 520, 10, false],
    [30, 520, 60, false],
    [0, 520, 1, false],
    [-50, 520, 10, false],
  ])('distance %d of %d in %d ms closes → %s', (distance, size, ms, expected) => {
    expect(shouldClose(distance, size, ms)).toBe(expected);
  });
});

function Panel({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const swipe = useSwipeToClose(ref, 'left', onClose);
  return <div ref={ref} data-testid="panel" {...swipe} />;
}

/** Times start at 1000: React replaces a zero timeStamp with Date.now(). */
function pointer(type: string, x: number, y: number, timeStamp: number) {
  const event = new Event(type, { bubbles: true }) as Event & Record<string, unknown>;
  Object.assign(event, { pointerId: 1, clientX: x, clientY: y, button: 0 });
  Object.defineProperty(event, 'timeStamp', { value: timeStamp });
  return event;
}

describe('useSwipeToClose', () => {
  it('closes after a long leftward drag on a phone, animating for 180 ms first', () => {
    vi.useFakeTimers();
    vi.stubGlobal('innerWidth', 390);
    const onClose = vi.fn();
    render(<Panel onClose={onClose} />);
    const panel = screen.getByTestId('panel');
    Object.defineProperty(panel, 'offsetWidth', { value: 390 });
    fireEvent(panel, pointer('pointerdown', 300, 100, 1000));
    fireEvent(panel, pointer('pointermove', 250, 102, 1100));
    expect(panel.style.transform).toBe('translate3d(-50px, 0, 0)');
    fireEvent(panel, pointer('pointermove', 150, 104, 3000));
    fireEvent(panel, pointer('pointerup', 150, 104, 3000));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(180));
    expect(onClose).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('springs back after a short slow drag, and ignores vertical scrolling and wide screens', () => {
    vi.stubGlobal('innerWidth', 390);
    const onClose = vi.fn();
    render(<Panel onClose={onClose} />);
    const panel = screen.getByTestId('panel');
    Object.defineProperty(panel, 'offsetWidth', { value: 390 });
    fireEvent(panel, pointer('pointerdown', 300, 100, 1000));
    fireEvent(panel, pointer('pointermove', 260, 100, 1500));
    fireEvent(panel, pointer('pointerup', 260, 100, 1500));
    expect(panel.style.transform).toBe('');

    fireEvent(panel, pointer('pointerdown', 300, 100, 1000));
    fireEvent(panel, pointer('pointermove', 298, 200, 1050));
    fireEvent(panel, pointer('pointermove', 100, 200, 1060));
    fireEvent(panel, pointer('pointerup', 100, 200, 1060));
    expect(panel.style.transform).toBe('');

    vi.stubGlobal('innerWidth', 1024);
    fireEvent(panel, pointer('pointerdown', 300, 100, 1000));
    fireEvent(panel, pointer('pointermove', 0, 100, 1010));
    fireEvent(panel, pointer('pointerup', 0, 100, 1010));
    expect(panel.style.transform).toBe('');
    expect(onClose).not.toHaveBeenCalled();
  });
});
