/** What `/effort` accepts for a model (its catalogue efforts), as a sentence for messages. */
export function effortChoices(model: string, efforts: readonly string[]): string {
  return efforts.length === 0
    ? `${model} takes no effort setting (only "default")`
    : `${model} accepts ${efforts.join(', ')} or default`;
}
