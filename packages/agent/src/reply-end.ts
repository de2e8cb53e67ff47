/**
 * How a turn ends when the model's reply calls no tool: a paused server-tool loop goes on, a
 * reply with no text fails the turn (`empty_answer`) with what to try, a `max_tokens` stop says
 * the limit and the model's cap, and a `pause_turn` that cannot continue ends with a notice.
 */
import type { Message, ModelStopReason } from '@coding-harness/model';
import { endsInServerTool } from '@coding-harness/model';
import type { TurnStopReason } from '@coding-harness/protocol';
import type { AgentConfig, Emit } from './state.js';
import type { StopDetails } from './stop-reasons.js';
import { emptyAnswerMessage, isEmptyAnswer, maxTokensExplanation, PAUSE_NOT_CONTINUED } from './stop-reasons.js';

/** How the request loop goes on: send the same messages again, or end the turn. */
export type ReplyEnd = { continue: true } | { continue: false; stopReason: TurnStopReason; stopDetails?: StopDetails };

/** The end of a turn whose last reply (`message`, stopped for `stop`) called no tool. */
export function endWithoutTools(config: AgentConfig, message: Message, stop: ModelStopReason, emit: Emit): ReplyEnd {
  // pause_turn: the API paused its own tool loop; the reply sent back as it is lets it continue.
  if (stop === 'pause_turn' && endsInServerTool(message)) return { continue: true };
  if (isEmptyAnswer(message)) {
    const effort = config.effort ?? config.descriptor.defaultEffort;
    const explanation = emptyAnswerMessage(message, {
      stopReason: stop,
      maxTokens: config.maxTokens,
      cap: config.descriptor.maxOutput,
      ...(effort !== undefined && config.descriptor.efforts.length > 0 ? { effort } : {}),
      thinkingOff: config.descriptor.thinking.includes('off'),
    });
    emit({ type: 'error', message: explanation, fatal: false });
    return { continue: false, stopReason: 'empty_answer', stopDetails: { category: null, explanation } };
  }
  if (stop === 'pause_turn') emit({ type: 'notice', message: PAUSE_NOT_CONTINUED });
  if (stop !== 'max_tokens') return { continue: false, stopReason: stop };
  const explanation = maxTokensExplanation(config.maxTokens, config.descriptor.maxOutput);
  emit({ type: 'notice', message: explanation });
  return { continue: false, stopReason: stop, stopDetails: { category: null, explanation } };
}
