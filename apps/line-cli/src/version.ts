/** The CLI's version, as in package.json (a test keeps them equal; the bundle has no package.json at hand). */
export const VERSION = '0.1.0';
