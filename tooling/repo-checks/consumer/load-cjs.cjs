// Run inside the outside-consumer project: loads every specifier given as arguments with
// require() and prints one JSON object, specifier -> number of exports (or the error message).
'use strict';
const loaded = {};
for (const spec of process.argv.slice(2)) {
  try {
    loaded[spec] = Object.keys(require(spec)).length;
  } catch (err) {
    loaded[spec] = `${err.code ?? ''} ${err.message}`;
  }
}
console.log(JSON.stringify(loaded));
