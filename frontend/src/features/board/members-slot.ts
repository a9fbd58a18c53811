import { createContext, use, type ReactNode } from 'react';

/**
 * The project's members dialog (issue 35), from the members feature: features do not import each
 * other, so src/app provides it (app/routes/board.tsx) as a function returning the dialog (a lazy
 * chunk, rendered inside a Suspense boundary) and a preload of its code. The board's toolbar
 * offers "Members" to every role: the owner manages, a partner or viewer reads the list and may
 * leave (the dialog then takes the user away from the board).
 */
export interface BoardMembersSlot {
  render: (props: { projectId: number; onClose: () => void }) => ReactNode;
  preload: () => void;
}

export const BoardMembers = createContext<BoardMembersSlot | null>(null);

/** The members dialog's renderer, or null (no Members button). */
export const useBoardMembers = () => use(BoardMembers);
