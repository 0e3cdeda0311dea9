import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { placeTooltip, Tooltip } from './tooltip';

const viewport = { width: 400, height: 300 };
const tip = { width: 80, height: 20 };

describe('placeTooltip', () => {
  it('puts the tooltip below the trigger, centred', () => {
    expect(placeTooltip({ top: 100, left: 160, width: 80, height: 30 }, tip, viewport, 'bottom')).toEqual({
      top: 136,
      left: 160,
      side: 'bottom',
    });
  });
  it('flips to the other side when there is no room', () => {
    expect(placeTooltip({ top: 270, left: 160, width: 80, height: 20 }, tip, viewport, 'bottom').side).toBe('top');
    expect(placeTooltip({ top: 100, left: 360, width: 30, height: 20 }, tip, viewport, 'right').side).toBe('left');
  });
  it('slides along to stay inside the viewport', () => {
    expect(placeTooltip({ top: 100, left: 0, width: 20, height: 20 }, tip, viewport, 'bottom').left).toBe(4);
    expect(placeTooltip({ top: 100, left: 390, width: 10, height: 20 }, tip, viewport, 'top').left).toBe(400 - 80 - 4);
  });
});

describe('Tooltip', () => {
  it('shows on keyboard focus, describes its trigger, and Escape hides it without reaching the page', async () => {
    const user = userEvent.setup();
    let escapesSeen = 0;
    document.addEventListener('keydown', (e) => (e.key === 'Escape' ? (escapesSeen += 1) : undefined));
    render(
      <Tooltip content="Verified">
        <button type="button">badge</button>
      </Tooltip>,
    );
    await user.tab();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Verified');
    expect(screen.getByRole('button', { name: 'badge' })).toHaveAccessibleDescription('Verified');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(escapesSeen).toBe(0);
    await user.keyboard('{Escape}');
    expect(escapesSeen).toBe(1);
  });

  it('shows on hover after a short delay and hides when the pointer leaves', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Manage">
        <a href="/x">link</a>
      </Tooltip>,
    );
    await user.hover(screen.getByRole('link'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Manage');
    await user.unhover(screen.getByRole('link'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
