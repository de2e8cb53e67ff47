// Injected into a bin bundle (build option `inject`), with `import.meta.url` defined as
// `importMetaUrl`: in CommonJS output import.meta is empty, so code that resolves files or
// packages next to itself (createRequire(import.meta.url)) gets the bundle file's own URL.
// `require` and `__filename` are the bundle's CommonJS wrapper's.
/* global require, __filename */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS wrapper's require, by design
export const importMetaUrl = require('node:url').pathToFileURL(__filename).href;
