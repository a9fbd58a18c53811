import { createContext, use } from 'react';

/**
 * Whether the signed-in user may change the project on screen (issue 35: a viewer reads
 * everything and changes nothing; the owner and a partner edit). src/app provides it from the
 * project's `role` (app/routes/*.tsx); the features hide their create, edit, move and delete
 * controls when it is false. The server answers 403 either way: this only keeps the page honest.
 * Default true: a page outside a project (or a test) edits as before.
 */
export const EditAccess = createContext<boolean>(true);

/** True when the user may change the project on screen (owner or partner). */
export const useCanEdit = () => use(EditAccess);

/**
 * Whether the signed-in user owns the project on screen. A member's own contractor roster
 * (/contractors) is not the project's (the owner's, listed inside the project's forms), so links
 * to it are the owner's alone. Default true, as for [EditAccess].
 */
export const ProjectOwnership = createContext<boolean>(true);

/** True when the signed-in user owns the project on screen. */
export const useOwnsProject = () => use(ProjectOwnership);
