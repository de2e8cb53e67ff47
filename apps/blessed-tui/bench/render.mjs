// Frame-time benchmark for harness-tui on a fake terminal (in-memory streams, no tty).
// Prints one JSON line: {"rows":[...]} with medians. Run after `tsc -b` (imports dist/).
import { PassThrough } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { FakeSession, initialState, reduce, runTui } from '../dist/index.js';

const RUNS = 21;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** 5,000 transcript lines at 80 columns: 1,000 assistant messages of 5 short lines. */
function bigState() {
  const items = [];
  for (let i = 0; i < 1000; i++) {
    items.push({
      kind: 'assistant',
      text: [`message ${i} line one`, 'line two of the message', 'line three', '```', `code ${i}`].join('\n'),
    });
  }
  const session = new FakeSession({ model: 'bench', workroot: '/bench' });
  return { ...initialState({ status: session.status() }), items };
}

async function terminal(columns, rows) {
  const input = new PassThrough();
  const output = Object.assign(new PassThrough(), { columns, rows, isTTY: true });
  output.resume();
  let app;
  const exit = runTui(
    new FakeSession(),
    {},
    {
      input,
      output,
      terminal: 'xterm-256color',
      env: {},
      handleProcess: false,
      onStart: (a) => (app = a),
    },
  );
  await new Promise((r) => setImmediate(r));
  return {
    app,
    close: async () => {
      app.quit(0);
      await exit;
    },
  };
}

const time = (fn) => {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
};

async function bench(columns, rows) {
  const { app, close } = await terminal(columns, rows);
  const size = `${columns}x${rows}`;
  const cold = [];
  const scroll = [];
  const warm = [];
  const deltas = [];
  let lines = 0;
  for (let r = 0; r < RUNS; r++) {
    app.state = bigState(); // fresh items: nothing laid out yet
    cold.push(time(() => app.renderNow()));
    app.state = reduce(app.state, { type: 'scroll', by: -rows, total: 1e9, height: rows });
    scroll.push(time(() => app.renderNow()));
    app.state = reduce(app.state, { type: 'scroll', by: -rows, total: 1e9, height: rows });
    warm.push(time(() => app.renderNow()));
    app.state = { ...app.state, scroll: { top: 0, follow: true, newBelow: false } };
    deltas.push(
      time(() => {
        let s = app.state;
        for (let i = 0; i < 1000; i++)
          s = reduce(s, {
            type: 'event',
            event: { type: 'text_delta', text: i % 20 === 19 ? 'word\n' : 'word ' },
            now: 0,
          });
        app.state = s;
        app.renderNow();
      }),
    );
    lines = app.state.items.length * 5;
  }
  await close();
  const row = (name, value, detail) => ({
    group: 'tui',
    name: `${name} (${size})`,
    value: Number(value.toFixed(3)),
    unit: 'ms',
    target: '< 16 ms',
    met: value < 16,
    detail,
  });
  return [
    row(
      'render 5,000-line transcript, first frame',
      median(cold),
      `${lines} lines never laid out before, following the bottom (only the tail is laid out) + one blessed frame; median of ${RUNS}`,
    ),
    row(
      'first scroll up in a 5,000-line transcript',
      median(scroll),
      `the first PageUp lays out the whole transcript (then cached) + one frame; median of ${RUNS}`,
    ),
    row(
      'scroll frame in a 5,000-line transcript',
      median(warm),
      `a further PageUp with the layout cached + one frame; median of ${RUNS}`,
    ),
    row(
      'apply 1,000 text deltas + one frame',
      median(deltas),
      `1,000 reducer steps (~5 kB streamed) then one render over the 5,000-line transcript; median of ${RUNS}`,
    ),
  ];
}

await bench(80, 24); // warm-up pass (JIT), not reported
const rows = [...(await bench(80, 24)), ...(await bench(200, 50))];
process.stdout.write(`${JSON.stringify({ rows })}\n`);
