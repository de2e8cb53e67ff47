// Not a benchmark: the mock server in its own process for the agent benchmarks, so its CPU,
// garbage and memory do not count as the harness's. Speaks over IPC: {script} -> {url};
// 'timings' -> [{startedAt, finishedAt}] of the /v1/messages requests; 'close' -> exit.
// A {toolCalls} start message builds the loop benchmark's script here, so the agent's process
// never loads the mock's code.
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';

function toolCallScript(calls) {
  const builder = new ScriptBuilder();
  for (let i = 0; i < calls; i++)
    builder.toolUse(i % 2 ? 'read_file' : 'glob', i % 2 ? { path: 'a.txt' } : { pattern: '*.ts' });
  return builder.text('done').build();
}

let server;
process.on('message', async (msg) => {
  if (msg.type === 'start') {
    server = await startMockServer({ script: msg.script ?? toolCallScript(msg.toolCalls) });
    process.send({ type: 'url', url: server.url });
  } else if (msg.type === 'timings') {
    process.send({
      type: 'timings',
      timings: server
        .messageRequests()
        .map((r) => ({ startedAt: r.startedAt, finishedAt: r.finishedAt ?? r.startedAt })),
    });
  } else if (msg.type === 'close') {
    await server?.close();
    process.exit(0);
  }
});
