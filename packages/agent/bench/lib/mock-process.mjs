// Not a benchmark: starts bench/lib/mock-child.mjs and talks to it.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Starts the mock server in a child process with `script`, or with `{ toolCalls: n }` (see mock-child.mjs). */
export async function startMockProcess(script) {
  const child = fork(fileURLToPath(new URL('./mock-child.mjs', import.meta.url)), [], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (type) =>
    new Promise((resolve) =>
      child.on('message', function on(m) {
        if (m.type === type) {
          child.off('message', on);
          resolve(m);
        }
      }),
    );
  const ready = next('url');
  child.send({
    type: 'start',
    ...(typeof script.toolCalls === 'number' ? { toolCalls: script.toolCalls } : { script }),
  });
  const { url } = await ready;
  return {
    url,
    async timings() {
      const reply = next('timings');
      child.send({ type: 'timings' });
      return (await reply).timings;
    },
    async close() {
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ type: 'close' });
      await exited;
    },
  };
}
