/**
 * Node streams as the web streams the ACP SDK reads and writes (its `ndJsonStream` takes a
 * WritableStream and a ReadableStream of bytes). Small on purpose: stdin ends the readable when
 * it ends (the editor closed the pipe), and a write resolves once the chunk was handed to stdout,
 * so the SDK's own write queue keeps the order and the back-pressure.
 */

/** Bytes from `input` until it ends or errors. */
export function readableOf(input: NodeJS.ReadableStream): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      input.on('data', (chunk: Buffer | string) =>
        controller.enqueue(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : new Uint8Array(chunk)),
      );
      input.once('end', () => controller.close());
      input.once('error', (err) => controller.error(err));
    },
    cancel() {
      input.removeAllListeners('data');
      input.pause();
    },
  });
}

/** A sink writing each chunk to `output`, resolved when the stream took it (its callback). */
export function writableOf(output: NodeJS.WritableStream): WritableStream<Uint8Array> {
  return new WritableStream<Uint8Array>({
    write(chunk) {
      return new Promise<void>((resolve, reject) => {
        output.write(chunk, (err?: Error | null) => (err ? reject(err) : resolve()));
      });
    },
  });
}
