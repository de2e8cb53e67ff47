import type { SlashResult } from '@coding-harness/protocol';
import { KEPT_RESULTS } from '@coding-harness/session';
import { hasHiddenLines } from './layout.js';
import { openViewer, type ViewerState } from './result-viewer.js';
import { named } from './threads.js';
import type { Action } from './reduce.js';
import type { SessionClient } from './session-client.js';
import type { Item } from './view-state.js';

type ToolItem = Extract<Item, { kind: 'tool' }>;

/** What opening a whole result needs of the app: the session's commands and the viewer. */
export interface ViewerHost {
  readonly client: SessionClient;
  dispatch(action: Action): void;
  openViewer(callId: string, viewer: ViewerState): void;
}

/** True when Ctrl-O on `tool` opens the viewer: it is expanded and still does not show all the call printed. */
export function opensViewer(tool: ToolItem | undefined): tool is ToolItem {
  return tool !== undefined && tool.expanded && tool.state !== 'running' && hasHiddenLines(tool);
}

/**
 * The whole result of `tool` in the viewer, as the session kept it (`/expand` by the call's id:
 * everything a command printed, the model's copy being cut); when the session no longer keeps
 * it (older calls, a resumed conversation's), a hint says so and the transcript stays as it is.
 */
export async function openWholeResult(host: ViewerHost, tool: ToolItem): Promise<void> {
  const result = await host.client.command({ type: 'slash', text: `/expand ${tool.id}` });
  if (!result.ok) return host.dispatch({ type: 'error', text: result.error });
  if (result.type !== 'slash') return;
  const data = result.data;
  if (data.kind !== 'result' || data.callId !== tool.id)
    return host.dispatch({
      type: 'hint',
      text: `the whole of this result is no longer kept (the session keeps its ${KEPT_RESULTS} latest calls' results)`,
    });
  showWhole(host, data);
}

type WholeResult = Extract<SlashResult, { kind: 'result' }>;

/** `/expand`'s result in the viewer, titled with its call (and, for what a command printed, what the model got of it). */
export function showWhole(host: ViewerHost, data: WholeResult): void {
  const call = `● ${named(data.tool, data.summary)}`;
  // What a command printed ends with a line saying what the model got of it: the title says it.
  const noteAt = data.source === 'stream' ? data.text.lastIndexOf('\n\n[') : -1;
  if (noteAt >= 0)
    return host.openViewer(
      data.callId,
      openViewer(`${call}  ${data.text.slice(noteAt + 2)}`, data.text.slice(0, noteAt)),
    );
  const lines = `${data.lines.toLocaleString('en-US')} line${data.lines === 1 ? '' : 's'}`;
  const done = data.display || (data.isError ? 'failed' : 'done');
  host.openViewer(data.callId, openViewer(`${call}  (${done} · ${lines})`, data.text));
}
