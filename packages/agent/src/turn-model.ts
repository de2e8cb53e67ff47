/**
 * A change of `model` and `effort` for the rest of a turn (a loaded skill's, through a hook's
 * `switchSettings`): the settings the turn's next requests use. The session's own settings are
 * never touched (the next turn goes back to them). A model id no provider knows, or an effort the
 * model does not accept, changes nothing and says why.
 */
import type { Effort, ModelDescriptor, ModelProvider, ProviderRegistry, ThinkingSetting } from '@coding-harness/model';
import { checkModelSettings, defaultThinking } from '@coding-harness/model';
import type { SettingsChange } from './hooks.js';

/** The per-request settings a hook may change for its turn. */
export interface TurnModelSettings {
  model: string;
  provider: ModelProvider;
  descriptor: ModelDescriptor;
  maxTokens: number;
  thinking?: ThinkingSetting;
  effort?: Effort;
  contextWindow: number;
}

/** What a change does to the turn: the new settings (absent: none change) and the notices to show. */
export interface TurnModelSwitch {
  settings?: TurnModelSettings;
  notices: string[];
}

/**
 * The model id a change names: an alias a provider knows (Claude Code's `sonnet`, `opus`,
 * `haiku`: the newest model of that family) resolves to its id; `inherit` (or nothing) is
 * undefined, keeping the turn's.
 */
export function resolveModelChoice(text: string | undefined, providers: ProviderRegistry): string | undefined {
  const t = text?.trim() ?? '';
  if (t === '' || t === 'inherit') return undefined;
  return providers.alias(t) ?? t;
}

/** The turn's settings after `change`, from `current` (the turn's settings so far). */
export function turnSettingsSwitch(
  current: TurnModelSettings,
  change: SettingsChange,
  providers: ProviderRegistry,
): TurnModelSwitch {
  const { origin } = change;
  const notices: string[] = [];
  const wanted = resolveModelChoice(change.model, providers);
  let model = current.model;
  let target = { provider: current.provider, descriptor: current.descriptor };
  if (wanted !== undefined && wanted !== current.model) {
    const resolved = providers.resolve(wanted);
    if (resolved.descriptor.known) {
      model = wanted;
      target = resolved;
    } else
      notices.push(
        `${origin}: model "${change.model}" is not in the model catalogue; this turn stays on ${current.model}`,
      );
  }
  const info = target.descriptor;
  let effort = current.effort;
  if (change.effort !== undefined) {
    const keeps = `this turn keeps ${current.effort ?? "the model's default effort"}`;
    // On the same model the session's thinking stays, so the effort must suit it (between_tools stops at high).
    const clash =
      model === current.model && current.thinking !== undefined
        ? checkModelSettings(info, {
            thinking: current.thinking,
            effort: change.effort,
            maxTokens: current.maxTokens,
          })[0]
        : undefined;
    if (!info.efforts.includes(change.effort))
      notices.push(
        `${origin}: ${model} does not accept effort "${change.effort}" (it accepts ${info.efforts.join(', ') || 'none'}); ${keeps}`,
      );
    else if (clash !== undefined) notices.push(`${origin}: effort "${change.effort}" is not used (${clash}); ${keeps}`);
    else effort = change.effort;
  }
  // The session's effort may be one the new model does not take: then the model's own default.
  if (effort !== undefined && !info.efforts.includes(effort)) effort = undefined;
  if (model === current.model && effort === current.effort) return { notices };
  const settings = fitSettings(current, model, target, effort);
  const what = [
    ...(model !== current.model ? [`model ${model}`] : []),
    ...(settings.effort !== current.effort ? [`effort ${settings.effort ?? 'default'}`] : []),
  ].join(' and ');
  const cache = model !== current.model ? `; its requests cannot reuse ${current.model}'s prompt cache` : '';
  notices.push(`${origin}: ${what} for the rest of this turn (the session's settings return next turn)${cache}`);
  return { settings, notices };
}

/** Max tokens and thinking the new model accepts: the turn's own where they fit, else the model's defaults. */
function fitSettings(
  current: TurnModelSettings,
  model: string,
  target: { provider: ModelProvider; descriptor: ModelDescriptor },
  effort: Effort | undefined,
): TurnModelSettings {
  const info = target.descriptor;
  const maxTokens = current.maxTokens <= info.maxOutput ? current.maxTokens : info.defaultMaxTokens;
  const keep = current.thinking;
  const fits =
    keep !== undefined &&
    checkModelSettings(info, { thinking: keep, maxTokens, ...(effort !== undefined ? { effort } : {}) }).length === 0;
  const fallback = defaultThinking(info);
  const thinking = fits ? keep : fallback.mode === 'off' ? undefined : fallback;
  return {
    model,
    provider: target.provider,
    descriptor: info,
    maxTokens,
    ...(thinking !== undefined ? { thinking } : {}),
    ...(effort !== undefined ? { effort } : {}),
    contextWindow: Math.min(current.contextWindow, info.contextWindow),
  };
}
