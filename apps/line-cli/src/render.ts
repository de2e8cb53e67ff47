import type { AgentEvent, Usage } from '@coding-harness/agent';
import type { Colors } from './colors.js';

/** A piece of output and the stream it belongs on. */
export interface Chunk {
  stream: 'out' | 'err';
  text: string;
}

/** How events become text. */
export interface RenderOptions {
  colors: Colors;
  /**
   * `stream`: assistant text is written as it arrives (the REPL). `final`: only the turn's last
   * assistant text, at turn end, on stdout (`-p` text output); earlier texts go to stderr when
   * `toolLines` is on.
   */
  text: 'stream' | 'final';
  /** Show `● summary` lines and their result lines (stdout when streaming, stderr otherwise). */
  toolLines: boolean;
}

/** Turns one agent event into output; holds only line state (pure apart from that state). */
export type EventRenderer = (event: AgentEvent) => Chunk[];

/** Formats a usage summary: tokens in (with the cache-read share), tokens out and the cost estimate. */
export function formatUsageLine(usage: Usage, costUsd: number): string {
  const input = usage.input + usage.cacheRead + usage.cacheWrite;
  const share = input > 0 ? Math.round((usage.cacheRead / input) * 100) : 0;
  return `tokens in ${input.toLocaleString('en-US')} (${share}% cache read) · out ${usage.output.toLocaleString('en-US')} · ~$${costUsd.toFixed(4)}`;
}

/** Seconds with one decimal, e.g. `1.2s`. */
export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

/** One line for a tool call as it starts: `● read_file src/app.ts`. */
export function toolStartLine(summary: string, colors: Colors): string {
  return `${colors.cyan('●')} ${summary}`;
}

/** The one-line result under a tool call: `  ⎿  read 12 lines` (red when it failed). */
export function toolResultLine(display: string, isError: boolean, colors: Colors): string {
  const first = display.split('\n')[0] ?? '';
  return `  ${colors.dim('⎿')}  ${isError ? colors.red(first) : colors.dim(first)}`;
}

/** The approval question, exactly as asked: `Allow bash: npm test? [y]es / [a]lways / [n]o (message) `. */
export function approvalQuestion(summary: string, colors: Colors): string {
  return `${colors.yellow('Allow')} ${summary}? [y]es / [a]lways / [n]o (message) `;
}

/** Creates a renderer for one front end. Line state: whether the cursor is mid-line after streamed text. */
export function createEventRenderer(options: RenderOptions): EventRenderer {
  const c = options.colors;
  const toolStream: Chunk['stream'] = options.text === 'stream' ? 'out' : 'err';
  let midLine = false;
  let lastText = '';

  const line = (stream: Chunk['stream'], text: string): Chunk[] => {
    const chunks: Chunk[] = midLine ? [{ stream: 'out', text: '\n' }] : [];
    midLine = false;
    chunks.push({ stream, text: `${text}\n` });
    return chunks;
  };

  return (event) => {
    switch (event.type) {
      case 'turn_start':
        lastText = '';
        return [];
      case 'text_delta':
        if (options.text !== 'stream' || event.text === '') return [];
        midLine = !event.text.endsWith('\n');
        return [{ stream: 'out', text: event.text }];
      case 'assistant_message':
        if (options.text === 'stream') {
          if (!midLine) return [];
          midLine = false;
          return [{ stream: 'out', text: '\n' }];
        }
        if (event.text.trim() === '') return [];
        if (event.stopReason === 'tool_use') return options.toolLines ? line('err', event.text.trimEnd()) : [];
        lastText = event.text;
        return [];
      case 'tool_call_started':
        return options.toolLines ? line(toolStream, toolStartLine(event.summary, c)) : [];
      case 'tool_call_finished':
        return options.toolLines ? line(toolStream, toolResultLine(event.display, event.isError, c)) : [];
      case 'approval_resolved':
        if (event.allowed || options.text === 'stream' || !event.message) return [];
        return line('err', c.yellow(`denied: ${event.message}`));
      case 'retry': {
        const partial = event.partialDiscarded ? '; the partial reply above is void' : '';
        return line('err', c.dim(`retrying in ${formatSeconds(event.delayMs)} (attempt ${event.attempt}/${event.maxAttempts}): ${event.reason}${partial}`));
      }
      case 'compaction': {
        const skills = event.reattachedSkills.length > 0 ? `; re-attached ${event.reattachedSkills.join(', ')}` : '';
        return line('err', c.dim(`compacted the conversation: ${event.tokensBefore.toLocaleString('en-US')} -> ${event.tokensAfter.toLocaleString('en-US')} tokens${skills}`));
      }
      case 'notice':
        return options.toolLines ? line('err', c.dim(event.message)) : [];
      case 'error':
        return line('err', c.red(`error: ${event.message}`));
      case 'turn_end': {
        const chunks: Chunk[] = [];
        if (options.text === 'final' && lastText !== '') chunks.push({ stream: 'out', text: lastText.endsWith('\n') ? lastText : `${lastText}\n` });
        else if (midLine) chunks.push({ stream: 'out', text: '\n' });
        midLine = false;
        if (event.stopReason === 'aborted') chunks.push({ stream: options.text === 'stream' ? 'out' : 'err', text: `${c.yellow('(cancelled)')}\n` });
        if (event.stopReason === 'max_turns') chunks.push({ stream: 'err', text: `${c.yellow('stopped: the turn reached --max-turns')}\n` });
        return chunks;
      }
      default:
        return [];
    }
  };
}
