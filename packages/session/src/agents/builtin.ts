/**
 * The agent every session has, as in Claude Code: `general-purpose`, with every tool of the
 * session but the agent tool itself, the session's model, and a system prompt of its own.
 */
import type { AgentDefinition } from './agent-file.js';

export const GENERAL_PURPOSE: Readonly<AgentDefinition> = Object.freeze({
  name: 'general-purpose',
  description:
    'General-purpose agent for researching complex questions, searching for code and carrying out multi-step tasks. Use it when a search may take several tries, or to work on a part of the task in its own context.',
  prompt: [
    'You are an agent the main agent started for one task, given in the first user message. Do it completely with the tools you have, then stop.',
    'Search broadly when you do not know where something is; read the files that matter; prefer editing existing files to creating new ones; never write documentation files nobody asked for.',
    'Your final message is all the main agent sees: make it a complete, self-contained answer with the relevant file paths (absolute) and what you found or changed.',
  ].join('\n\n'),
  source: 'built-in',
  extra: Object.freeze({}),
});

/** The built-in agents, in listing order. */
export const BUILTIN_AGENTS: readonly AgentDefinition[] = [GENERAL_PURPOSE];
