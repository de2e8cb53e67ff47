import type { Fault, Script, ScriptBlock, ScriptTurn } from './types.js';

type TurnOptions = Partial<ScriptTurn>;
type ToolTurnOptions = TurnOptions & { text?: string };

/**
 * Builds a script in code, one turn per call:
 * `new ScriptBuilder().text('hi').toolUse('read_file', { path: 'a' }).build()`.
 * `opts` may add a matcher, a stop reason, a fault or an output token count to the turn.
 */
export class ScriptBuilder {
  private readonly turns: ScriptTurn[] = [];
  private pendingFault: Fault | undefined;
  private fallbackText: string | undefined;

  /** One turn answering `text`. */
  text(text: string, opts: TurnOptions = {}): this {
    return this.turn({ ...opts, content: [{ type: 'text', text }] });
  }

  /** One turn calling one tool, after an optional leading text. */
  toolUse(name: string, input: Record<string, unknown>, opts: ToolTurnOptions = {}): this {
    return this.toolUses([{ name, input }], opts);
  }

  /** One turn calling several tools, after an optional leading text. */
  toolUses(calls: { name: string; input: Record<string, unknown> }[], opts: ToolTurnOptions = {}): this {
    const { text, ...turnOpts } = opts;
    const content: ScriptBlock[] = text === undefined ? [] : [{ type: 'text', text }];
    for (const call of calls) content.push({ type: 'tool_use', name: call.name, input: call.input });
    return this.turn({ ...turnOpts, content });
  }

  /** Adds a turn as given (a pending `fault()` is attached unless the turn has its own). */
  turn(turn: ScriptTurn): this {
    const fault = turn.fault ?? this.pendingFault;
    this.pendingFault = undefined;
    this.turns.push(fault ? { ...turn, fault } : { ...turn });
    return this;
  }

  /** Attaches `fault` to the next turn added. */
  fault(fault: Fault): this {
    this.pendingFault = fault;
    return this;
  }

  /** The text answered once the script is used up. */
  fallback(text: string): this {
    this.fallbackText = text;
    return this;
  }

  /** The script; throws when a `fault()` was never followed by a turn (a programmer error). */
  build(): Script {
    if (this.pendingFault) throw new Error(`ScriptBuilder: fault ${this.pendingFault.kind} was not followed by a turn`);
    const script: Script = { turns: structuredClone(this.turns) };
    if (this.fallbackText !== undefined) script.fallbackText = this.fallbackText;
    return script;
  }
}
