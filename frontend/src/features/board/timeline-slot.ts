import { createContext, use, type ReactNode } from 'react';
import type { BoardProject, Task } from './types';

export interface BoardTimelineProps {
  projectId: number;
  tasks: Task[];
  project: BoardProject | undefined;
  /** Below NARROW_QUERY (view-preference.ts): the timeline shows its agenda. */
  narrow: boolean;
  onOpen: (task: Task) => void;
}

/**
 * The board's Timeline view (issue 33), from the schedule feature: features do not import each
 * other, so src/app provides it (app/routes/board.tsx) as a function returning the view (a lazy
 * chunk, rendered inside the board's Suspense boundary) and a preload of its code.
 */
export interface BoardTimelineSlot {
  render: (props: BoardTimelineProps) => ReactNode;
  preload: () => void;
}

export const BoardTimeline = createContext<BoardTimelineSlot | null>(null);

/** The Timeline view's renderer, or null (no view offered). */
export const useBoardTimeline = () => use(BoardTimeline);
