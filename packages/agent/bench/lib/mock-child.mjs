// Not a benchmark: the mock server in its own process for the agent benchmarks, so its CPU,
// garbage and memory do not count as the harness's. Speaks over IPC: {script} -> {url};
// 'timings' -> [{startedAt, finishedAt}] of the /v1/messages requests; 'close' -> exit.
import { startMockServer } from '@coding-harness/mock-anthropic';

let server;
process.on('message', async (msg) => {
  if (msg.type === 'start') {
    server = await startMockServer({ script: msg.script });
    process.send({ type: 'url', url: server.url });
  } else if (msg.type === 'timings') {
    process.send({ type: 'timings', timings: server.messageRequests().map((r) => ({ startedAt: r.startedAt, finishedAt: r.finishedAt ?? r.startedAt })) });
  } else if (msg.type === 'close') {
    await server?.close();
    process.exit(0);
  }
});
