import { useState } from 'react';
import { useMediaQuery } from '../../../lib/use-media-query';
import { markBoardViewSwitch } from '../perf';
import { NARROW_QUERY, readStoredView, saveView, viewFor, type BoardView } from '../view-preference';

export interface ViewChoice {
  /** The view shown: the user's choice for this project, else the screen's default. */
  view: BoardView;
  /** The task list is one of the choices: below NARROW_QUERY, or while it is shown. */
  offersRows: boolean;
  /** Shows `next` and remembers it for this project. */
  choose: (next: BoardView) => void;
}

/**
 * The board's view (view-preference.ts): what the user chose for the project, remembered in local
 * storage, else the spec's Spreadsheet on a wider screen and the task list on a narrow one. The
 * default is the screen's when the board opens: a window resized (or a phone turned) while a
 * cell is being edited keeps its view.
 */
export function useBoardViewChoice(projectId: number): ViewChoice {
  const narrowNow = useMediaQuery(NARROW_QUERY);
  const [state, setState] = useState(() => ({ projectId, stored: readStoredView(projectId), narrow: narrowNow }));
  if (state.projectId !== projectId) {
    setState({ projectId, stored: readStoredView(projectId), narrow: narrowNow });
  }
  const view = viewFor(state.stored, state.narrow);
  const choose = (next: BoardView) => {
    if (next === view && state.stored === next) return;
    if (next !== view) markBoardViewSwitch();
    saveView(projectId, next);
    setState((s) => ({ ...s, projectId, stored: next }));
  };
  return { view, offersRows: narrowNow || view === 'rows', choose };
}
