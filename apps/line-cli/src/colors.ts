import pc from 'picocolors';

/** The colour functions the renderers use (picocolors' shape; identity functions when off). */
export type Colors = ReturnType<typeof pc.createColors>;

/** Colours only on a TTY and never when NO_COLOR is set to a non-empty value (no-color.org). */
export function colorsFor(isTTY: boolean | undefined, env: Partial<Record<string, string | undefined>>): Colors {
  return pc.createColors(isTTY === true && !env.NO_COLOR);
}
