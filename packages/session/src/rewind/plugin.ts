/**
 * Checkpoints and rewind as a plugin on the loop's hooks: `beforeTurn` records the files under
 * the work root before every turn (and hands the model the note of a rewind made since),
 * `afterTurn` records what the turn changed, whether a file tool or a command changed it,
 * `afterCompact` marks earlier transcript lengths as gone. `/rewind` lists the checkpoints and
 * restores files, the conversation or both to one of them. One store per conversation, under
 * `<stateDir>/rewind/<session id>/`; a resumed conversation finds its store again.
 */
import path from 'node:path';
import type { Hooks } from '@coding-harness/agent';
import type { RewindOutcome, RewindPoint } from '@coding-harness/protocol';
import { rewindNote } from './note.js';
import { restoreTree } from './restore.js';
import { openRewindStore } from './store.js';
import type { CheckpointInfo, RewindStore } from './store.js';

/** The default cap of one conversation's store. */
export const DEFAULT_CAP_BYTES = 200 * 1024 * 1024;
/** Files bigger than this are not snapshotted. */
export const DEFAULT_MAX_FILE_BYTES = 4 * 1024 * 1024;

export interface RewindPluginOptions {
  /** The work root, realpath'd. */
  root: string;
  /** `$XDG_STATE_HOME/coding-harness` (or `~/.local/state/coding-harness`). */
  stateDir: string;
  /** Why a restore may not write `abs` (the tools package's protected paths), or undefined. */
  protect(abs: string): string | undefined;
  capBytes?: number;
  maxFileBytes?: number;
  clock?: () => Date;
}

/** What a rewind needs of the conversation. */
export interface RewindConversation {
  readonly sessionId: string;
  readonly busy: boolean;
  truncate(keep: number): string | undefined;
}

export type RewindScope = RewindOutcome['scope'];

export interface RewindPlugin {
  hooks: Hooks;
  /** The turns of conversation `sessionId` that can be rewound, oldest first. */
  points(sessionId: string): RewindPoint[];
  /**
   * Starts conversation `sessionId`'s first snapshot now (every file under the root, read in
   * batches with the event loop turning between them) so the first turn does not wait for it:
   * a front end calls it while the user types.
   */
  prime(sessionId: string): void;
  /** Waits for a snapshot still being written (before the state dir may go). */
  close(): Promise<void>;
  /** Rewinds to before the `n`th-last turn; an error text when it cannot. */
  rewind(conversation: RewindConversation, n: number, scope: RewindScope): Promise<RewindOutcome | string>;
}

/** The plugin over `opts`; its stores open on first use per conversation. */
export function createRewindPlugin(opts: RewindPluginOptions): RewindPlugin {
  const stores = new Map<string, RewindStore>();
  /** Rewind notes waiting for the next turn of their conversation. */
  const pending = new Map<string, string>();
  const startup: string[] = [];
  const storeFor = (sessionId: string): RewindStore => {
    const known = stores.get(sessionId);
    if (known) return known;
    const opened = openRewindStore({
      dir: path.join(opts.stateDir, 'rewind', sessionId),
      root: opts.root,
      exclude: [opts.stateDir],
      capBytes: opts.capBytes ?? DEFAULT_CAP_BYTES,
      maxFileBytes: opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
      ...(opts.clock ? { clock: opts.clock } : {}),
    });
    startup.push(...opened.notices);
    stores.set(sessionId, opened.store);
    return opened.store;
  };
  const points = (sessionId: string): RewindPoint[] => {
    const list = storeFor(sessionId).list();
    return list.map((c, i) => pointOf(c, list.length - i));
  };

  const hooks: Hooks = {
    name: 'rewind',
    async beforeTurn(_turn, ctx) {
      const store = storeFor(ctx.sessionId);
      let notices: string[];
      try {
        ({ notices } = await store.checkpoint({ text: _turn.text, messages: ctx.messages().length }, ctx.signal));
      } catch (err) {
        notices = [`rewind: no checkpoint before this turn: ${err instanceof Error ? err.message : String(err)}`];
      }
      for (const message of startup.splice(0).concat(notices)) ctx.emit({ type: 'notice', message });
      const note = pending.get(ctx.sessionId);
      pending.delete(ctx.sessionId);
      return note === undefined ? undefined : { context: [note] };
    },
    async afterTurn(_end, ctx) {
      try {
        await storeFor(ctx.sessionId).afterTurn(ctx.signal);
      } catch (err) {
        ctx.emit({ type: 'notice', message: `rewind: the turn's changes were not recorded: ${String(err)}` });
      }
      return undefined;
    },
    afterCompact(ctx) {
      storeFor(ctx.sessionId).conversationReset();
      return undefined;
    },
  };

  let priming: Promise<unknown> = Promise.resolve();
  return {
    hooks,
    points,
    prime(sessionId) {
      const store = storeFor(sessionId);
      priming = store.sync().catch((err: unknown) => {
        startup.push(`rewind: the first snapshot failed: ${err instanceof Error ? err.message : String(err)}`);
      });
    },
    close: async () => {
      await priming;
    },
    async rewind(conversation, n, scope) {
      if (conversation.busy) return 'a turn is running: rewind after it ends';
      const all = points(conversation.sessionId);
      if (all.length === 0) return 'nothing to rewind yet: no turn has run in this conversation';
      const point = all.find((p) => p.n === n);
      if (point === undefined)
        return `there is no turn ${n} to rewind to: 1 is the last turn, ${all.length} the oldest kept`;
      if (scope !== 'files' && !point.conversation)
        return `the conversation was compacted after turn ${n}: only its files can be rewound (/rewind ${n} files)`;
      const store = storeFor(conversation.sessionId);
      const info = store.list()[all.length - n]!;
      const outcome: RewindOutcome = { point, scope, restored: [], removed: [], skipped: [] };
      if (scope !== 'conversation') {
        // Record any change since the last scan first: a later rewind can undo this one.
        await store.sync();
        const target = store.stateAt(info.seq);
        if (target === undefined) return `turn ${n}'s checkpoint was dropped (the store's cap)`;
        const done = restoreTree({
          root: opts.root,
          target,
          current: store.current(),
          blobs: store.blobs,
          protect: opts.protect,
        });
        Object.assign(outcome, done);
        await store.sync();
      }
      if (scope !== 'files' && info.messages !== undefined) {
        const error = conversation.truncate(info.messages);
        if (error !== undefined) return `the files were rewound, the conversation not: ${error}`;
        store.conversationReset(info.seq);
        outcome.messagesKept = info.messages;
      }
      pending.set(conversation.sessionId, rewindNote(outcome));
      return outcome;
    },
  };
}

function pointOf(c: CheckpointInfo, n: number): RewindPoint {
  return { n, text: c.text, at: c.at, changed: c.changed, conversation: c.messages !== undefined };
}
