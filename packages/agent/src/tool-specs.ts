/**
 * The tools as the model is told of them, in neutral terms: a registry's definitions (which
 * still carry the Messages API's `input_schema` name) as `ToolSpec`s. The schema object is the
 * registry's own, passed on unchanged, so its bytes reach the provider as the tool gave them.
 */
import type { ToolSpec } from '@coding-harness/model';
import type { ToolDefinition } from '@coding-harness/tools';

export function toolSpecs(definitions: readonly ToolDefinition[]): ToolSpec[] {
  return definitions.map((d) =>
    d.defer_loading
      ? { name: d.name, description: d.description, inputSchema: d.input_schema, deferred: true }
      : { name: d.name, description: d.description, inputSchema: d.input_schema },
  );
}
