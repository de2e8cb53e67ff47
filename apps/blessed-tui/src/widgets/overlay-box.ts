import blessed from 'blessed';
import type { Widgets } from 'blessed';
import type { Theme } from '../theme.js';

/**
 * The bordered box every overlay (approval modal, `/skills` picker, `/resume` list) draws in:
 * centred, hidden until shown, sized by its owner at each render, tags on, no wrapping (owners
 * wrap their own lines to the box's width).
 */
export function overlayBox(
  screen: Widgets.Screen,
  theme: Theme,
  extra: { label?: string; padding?: Widgets.Padding } = {},
): Widgets.BoxElement {
  return blessed.box({
    parent: screen,
    top: 'center',
    left: 'center',
    width: 10,
    height: 5,
    tags: true,
    wrap: false,
    border: { type: 'line' },
    hidden: true,
    ...(extra.label !== undefined ? { label: extra.label } : {}),
    ...(extra.padding !== undefined ? { padding: extra.padding } : {}),
    style: { border: theme.style('magenta') },
  });
}
