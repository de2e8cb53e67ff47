import type { Widgets } from 'blessed';
import type { SkillSummary } from '@coding-harness/protocol';
import { filterSkills, type PickerState } from '../picker-state.js';
import { escapeTags, sanitize } from '../sanitize.js';
import type { Theme } from '../theme.js';
import { textWidth } from '@coding-harness/session/text-width';
import { truncate, wrapLine } from '../wrap.js';
import { overlayBox } from './overlay-box.js';

/**
 * The picker's content at `width` x `height` (inside the border): the filter line, the list on
 * the left, the selected skill's source, its arguments and its description on the right, and
 * `message` last.
 */
export function pickerContent(
  state: PickerState,
  skills: readonly SkillSummary[],
  width: number,
  height: number,
  theme: Theme,
  message: string,
): string {
  const shown = filterSkills(skills, state.query);
  const selected = Math.min(state.selected, Math.max(0, shown.length - 1));
  const listWidth = Math.max(12, Math.min(32, Math.floor(width * 0.4)));
  const detailWidth = Math.max(10, width - listWidth - 3);
  const rows = Math.max(1, height - 3);
  const first = Math.max(0, Math.min(selected - rows + 1, shown.length - rows));
  const left = shown.slice(first, first + rows).map((s, i) => {
    const text = truncate(
      `${sanitize(s.name, { multiline: false })}${s.userInvocable ? '' : ' (model only)'}`,
      listWidth - 2,
    ).padEnd(listWidth - 2);
    return first + i === selected ? theme.wrap('inverse', escapeTags(`› ${text}`)) : `  ${escapeTags(text)}`;
  });
  const skill = shown[selected];
  const right: string[] = [];
  if (skill) {
    // A skill's name, arguments and description come from files a cloned repository ships.
    const one = (text: string): string => sanitize(text, { multiline: false });
    right.push(theme.wrap('bold', escapeTags(truncate(`/${one(skill.name)}`, detailWidth))));
    right.push(escapeTags(truncate(`source: ${one(skill.source)}`, detailWidth)));
    if (skill.argumentHint)
      for (const part of wrapLine(`arguments: ${one(skill.argumentHint)}`, detailWidth))
        right.push(theme.wrap('gray-fg', escapeTags(part)));
    if (!skill.userInvocable) right.push(theme.wrap('magenta-fg', 'only the model can use this skill'));
    right.push('');
    for (const para of sanitize(skill.description).split('\n'))
      for (const part of wrapLine(para, detailWidth)) right.push(escapeTags(part));
  } else {
    right.push(
      skills.length
        ? 'no skill matches'
        : 'no skills found in ~/.agents/skills, ~/.claude/skills or ./.agents/skills, ./.claude/skills',
    );
  }
  const body: string[] = [];
  for (let i = 0; i < rows; i++) {
    const l = left[i] ?? ' '.repeat(listWidth);
    body.push(`${l} │ ${right[i] ?? ''}`);
  }
  const filter = `filter: ${escapeTags(state.query)}${theme.wrap('inverse', ' ')}  ${theme.wrap('gray-fg', `${shown.length}/${skills.length}`)}`;
  const foot = message
    ? theme.wrap('magenta-fg', escapeTags(message))
    : theme.wrap('gray-fg', 'type to filter · ↑↓ move · Enter stages /name · Esc closes');
  return [filter, '', ...body, foot].join('\n');
}

/** The `/skills` picker: a bordered box over the transcript. */
export class SkillPicker {
  readonly box: Widgets.BoxElement;

  constructor(
    screen: Widgets.Screen,
    private readonly theme: Theme,
  ) {
    this.box = overlayBox(screen, theme, { label: ' Skills ' });
  }

  /** Shows the picker sized to the screen, or hides it when `state` is undefined. */
  render(
    state: PickerState | undefined,
    skills: readonly SkillSummary[],
    message: string,
    screenWidth: number,
    screenHeight: number,
  ): void {
    if (!state) {
      this.box.hide();
      return;
    }
    const width = Math.max(30, Math.min(screenWidth - 2, 120));
    const height = Math.max(8, Math.min(screenHeight - 4, Math.max(12, skills.length + 6)));
    this.box.width = width;
    this.box.height = height;
    this.box.setContent(pickerContent(state, skills, width - 2, height - 2, this.theme, message));
    this.box.show();
    this.box.setFront();
  }
}

/** Width of the widest label, for aligning menus. */
export function widest(labels: readonly string[]): number {
  return labels.reduce((m, l) => Math.max(m, textWidth(l)), 0);
}
