import type { ServerResponse } from 'node:http';
import { formatSse } from './sse.js';
import type { Fault } from './types.js';

/**
 * The silence of a `stall_stream` fault: `ping` events every `pingEveryMs` (none without it)
 * until `forMs` has passed (true: go on with the reply) or the client or the server gave up
 * (false: nothing more is written).
 */
export function stall(
  fault: Extract<Fault, { kind: 'stall_stream' }>,
  res: ServerResponse,
  closing: AbortSignal,
): Promise<boolean> {
  return new Promise((resolve) => {
    const pinger =
      fault.pingEveryMs !== undefined
        ? setInterval(() => res.write(formatSse({ event: 'ping', data: { type: 'ping' } })), fault.pingEveryMs)
        : undefined;
    const timer = fault.forMs !== undefined ? setTimeout(() => end(true), fault.forMs) : undefined;
    const gone = (): void => end(false);
    function end(goOn: boolean): void {
      clearInterval(pinger);
      clearTimeout(timer);
      res.off('close', gone);
      closing.removeEventListener('abort', gone);
      resolve(goOn && !res.destroyed);
    }
    res.once('close', gone);
    closing.addEventListener('abort', gone, { once: true });
  });
}
