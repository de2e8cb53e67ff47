import type { Item, ViewState } from './view-state.js';

type ToolItem = Extract<Item, { kind: 'tool' }>;

/** Adds one item at the end of the transcript. */
export function addItem(state: ViewState, item: Item): ViewState {
  return { ...state, items: [...state.items, item] };
}

/** Moves streamed thinking and text (e.g. cut short by Ctrl-C, an error, or a tool call) into the transcript, in that order. */
export function commitStream(state: ViewState): ViewState {
  if (!state.streaming && !state.thinking) return state;
  const items: Item[] = [...state.items];
  if (state.thinking) items.push({ kind: 'thinking', text: state.thinking, expanded: false });
  if (state.streaming) items.push({ kind: 'assistant', text: state.streaming });
  return { ...state, items, streaming: '', thinking: '', committed: state.committed + state.streaming };
}

/** The latest tool call `callId` in the transcript, if it is there. */
export function findTool(state: ViewState, callId: string): ToolItem | undefined {
  const item = state.items.findLast((i) => i.kind === 'tool' && i.id === callId);
  return item?.kind === 'tool' ? item : undefined;
}

/** The tool call `callId` with `patch` applied (the state unchanged when it is not there). */
export function updateTool(state: ViewState, callId: string, patch: Partial<ToolItem>): ViewState {
  const tool = findTool(state, callId);
  return tool ? replaceTool(state, { ...tool, ...patch }) : state;
}

/** `tool` in place of the call with its id. */
export function replaceTool(state: ViewState, tool: ToolItem): ViewState {
  const index = state.items.findLastIndex((i) => i.kind === 'tool' && i.id === tool.id);
  if (index < 0) return state;
  const items = [...state.items];
  items[index] = tool;
  return { ...state, items };
}
