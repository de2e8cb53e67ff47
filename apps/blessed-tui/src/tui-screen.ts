import type { Widgets } from 'blessed';
import type { SkillSummary } from '@coding-harness/protocol';
import type { ApprovalState } from './approval-state.js';
import type { Completion } from './completion.js';
import type { InputState } from './input-state.js';
import type { PickerState } from './picker-state.js';
import type { ViewerState } from './result-viewer.js';
import type { Theme } from './theme.js';
import type { ViewState } from './view-state.js';
import { ApprovalModal } from './widgets/approval-modal.js';
import { CompletionMenu } from './widgets/completion-menu.js';
import { InputView } from './widgets/input-view.js';
import { ResultViewerView } from './widgets/result-viewer-view.js';
import { SessionsOverlay } from './widgets/sessions-overlay.js';
import { SkillPicker } from './widgets/skill-picker.js';
import { StatusView } from './widgets/status-view.js';
import { TranscriptView } from './widgets/transcript-view.js';

/** Everything one frame shows, as the app holds it at that moment. */
export interface Frame {
  state: ViewState;
  /** The input as shown (a history search shows its match). */
  input: InputState;
  /** The line over the input: a hint, the search, or the progress line. */
  label: string;
  placeholder: boolean;
  menu: { items: readonly Completion[]; selected: number };
  picker: PickerState | undefined;
  pickerMessage: string;
  skills: readonly SkillSummary[];
  approval: ApprovalState | undefined;
  /** The whole-result viewer, over everything but a question, when open. */
  viewer: ViewerState | undefined;
  /** The work root as the `/resume` list heads it (`~/proj`). */
  root: string;
  now: number;
  home: string | undefined;
}

/**
 * The TUI's widgets on one blessed screen, and how a frame lays them out: the input grows from the
 * bottom over the status row, the transcript takes the rest, overlays sit on top. It holds no
 * state of the conversation; the `/resume` list is the one widget with a selection of its own.
 */
export class TuiScreen {
  readonly sessions: SessionsOverlay;
  private readonly transcript: TranscriptView;
  private readonly inputView: InputView;
  private readonly status: StatusView;
  private readonly menuView: CompletionMenu;
  private readonly pickerView: SkillPicker;
  private readonly modal: ApprovalModal;
  private readonly viewer: ResultViewerView;

  constructor(
    private readonly screen: Widgets.Screen,
    theme: Theme,
  ) {
    this.transcript = new TranscriptView(screen, theme);
    this.inputView = new InputView(screen, theme);
    this.status = new StatusView(screen, theme);
    this.menuView = new CompletionMenu(screen, theme);
    this.pickerView = new SkillPicker(screen, theme);
    this.modal = new ApprovalModal(screen, theme);
    this.sessions = new SessionsOverlay(screen, theme);
    this.viewer = new ResultViewerView(screen, theme);
  }

  width(): number {
    return Math.max(10, Number(this.screen.width) || 80);
  }

  /** The screen's rows (the whole-result viewer takes all of them). */
  height(): number {
    return Math.max(4, Number(this.screen.height) || 24);
  }

  /** The transcript's rows at the last frame's input height. */
  transcriptHeight(): number {
    return Math.max(1, this.height() - 1 - (Number(this.inputView.box.height) || 2));
  }

  /** Lays out and draws `frame`. */
  draw(frame: Frame): void {
    const width = this.width();
    const height = this.height();
    const statusRow = height - 1;
    const inputRows = this.inputView.render(frame.input, width, statusRow, frame.label, frame.placeholder);
    const transcriptRows = Math.max(1, statusRow - inputRows);
    this.transcript.render(frame.state, width, transcriptRows);
    this.status.render(frame.state, frame.now, width, statusRow, frame.home);
    const { items, selected } = frame.menu;
    this.menuView.render(items, Math.min(selected, Math.max(0, items.length - 1)), width, transcriptRows);
    this.pickerView.render(frame.picker, frame.skills, frame.pickerMessage, width, height);
    this.sessions.render(width, height, frame.root);
    this.viewer.render(frame.viewer, width, height);
    this.modal.render(frame.approval, width, height);
    this.screen.render();
  }
}
