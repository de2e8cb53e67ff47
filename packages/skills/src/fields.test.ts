import { describe, expect, it } from 'vitest';
import { coerceBoolean, coerceMetadata, coerceText } from './fields.js';

describe('coerceBoolean', () => {
  it.each([
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ['true', true],
    ['FALSE', false],
    ['Yes', true],
    ['no', false],
    ['ON', true],
    ['off', false],
    ['1', true],
    ['0', false],
    [' yes ', true],
  ])('reads %j as %j without a message', (input, expected) => {
    expect(coerceBoolean('user-invocable', input, !expected)).toEqual({ value: expected });
  });

  it.each([['maybe'], [2], [null], [['true']], [{}]])('keeps the default for %j and says so', (input) => {
    const r = coerceBoolean('disable-model-invocation', input, false);
    expect(r.value).toBe(false);
    expect(r.message).toMatch(/disable-model-invocation.*default \(false\)/);
  });
});

describe('coerceText', () => {
  it('keeps text as is', () => {
    expect(coerceText('license', 'MIT', undefined)).toEqual({ value: 'MIT' });
  });

  it('turns a number or boolean into its text with a message', () => {
    expect(coerceText('license', 2, undefined)).toMatchObject({
      value: '2',
      message: expect.stringMatching(/quote it/),
    });
    expect(coerceText('compatibility', true, undefined).value).toBe('true');
  });

  it('uses the source text of a list (argument-hint: [file])', () => {
    expect(coerceText('argument-hint', ['file'], '[file]')).toMatchObject({
      value: '[file]',
      message: expect.stringMatching(/argument-hint/),
    });
  });

  it('rebuilds a simple list without source and ignores a nested one', () => {
    expect(coerceText('argument-hint', ['a', 'b'], undefined).value).toBe('[a, b]');
    expect(coerceText('argument-hint', [{ a: 1 }], undefined)).toMatchObject({
      value: undefined,
      message: expect.stringMatching(/ignored/),
    });
  });
});

describe('coerceMetadata', () => {
  it('keeps a map, even one holding lists of maps', () => {
    const meta = { tags: [{ a: 1 }, { b: [2] }], version: '1.0' };
    expect(coerceMetadata(meta)).toEqual({ value: meta });
  });

  it('ignores a list or a scalar with a message', () => {
    expect(coerceMetadata(['x'])).toMatchObject({ value: undefined, message: expect.stringMatching(/metadata/) });
    expect(coerceMetadata('x').value).toBeUndefined();
  });
});
