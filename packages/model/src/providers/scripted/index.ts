/**
 * `@coding-harness/model/scripted`: a provider whose replies are given as neutral parts, with
 * no wire at all (tests of the loop and of front ends, offline demos).
 */
export { createScriptedProvider } from './provider.js';
export type { ScriptedProvider, ScriptedProviderOptions, ScriptedReply } from './provider.js';
