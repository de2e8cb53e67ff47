/**
 * The agent's system prompt (split from agent.ts): composed once from the instruction files, the
 * skills listing and the options' own prompt texts, with the start-up notices (files that could
 * not be read, a model missing from the catalogue).
 */
import type { Skill } from '@coding-harness/skills';
import type { AgentOptions } from './agent-types.js';
import type { modelSettings } from './catalogue-settings.js';
import { composeSystemPrompt, listingBudgetFor } from './prompt.js';
import type { AgentConfig } from './state.js';

export async function agentPrompt(
  options: AgentOptions,
  w: {
    descriptor: AgentConfig['descriptor'];
    model: ReturnType<typeof modelSettings>;
    skills: readonly Skill[];
    date: Date;
  },
) {
  const instructionDirs = [
    ...(options.configDir !== undefined ? [options.configDir] : []),
    ...(options.projectInstructions === false ? [] : [options.workroot]),
  ];
  const prompt = await composeSystemPrompt({
    workroot: options.workroot,
    date: w.date,
    instructionDirs,
    skills: w.skills,
    listing: {
      budgetChars: options.skillListing?.budgetChars ?? listingBudgetFor(w.descriptor.contextWindow),
      ...(options.skillListing?.usage !== undefined ? { usage: options.skillListing.usage } : {}),
    },
    ...(options.systemPrompt !== undefined ? { systemPrompt: options.systemPrompt } : {}),
    ...(options.instructions !== undefined ? { instructions: options.instructions } : {}),
    ...(options.appendSystemPrompt !== undefined ? { appendSystemPrompt: options.appendSystemPrompt } : {}),
  });
  const notices = [...prompt.notices];
  if (!w.descriptor.known)
    notices.push(
      `model ${options.model} is not in the catalogue; using conservative defaults (${w.descriptor.contextWindow} token window, ${w.model.maxTokens} max tokens, ${w.model.thinking ? `${w.model.thinking.mode} thinking` : 'no thinking setting'})`,
    );
  return { prompt, notices };
}
