// Run inside the outside-consumer project: imports every specifier given as arguments with
// import() and prints one JSON object, specifier -> number of exports (or the error message).
const loaded = {};
for (const spec of process.argv.slice(2)) {
  try {
    loaded[spec] = Object.keys(await import(spec)).length;
  } catch (err) {
    loaded[spec] = `${err.code ?? ''} ${err.message}`;
  }
}
console.log(JSON.stringify(loaded));
