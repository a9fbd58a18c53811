import { ApiError, upload } from './api-client';
import type { components } from './api/schema';

/** A document uploaded to a task (`POST /api/documents/` answers it). */
export type UploadedDocument = components['schemas']['Document'];

/**
 * The query key of a task's documents (`GET /api/documents/?task={id}`): the board's
 * `boardKeys.documents(taskId)`, spelled here so forms of other features can refresh the list
 * after an upload (a test keeps the two equal).
 */
export const taskDocumentsKey = (taskId: number) => ['board', 'documents', taskId] as const;

/** A document's name as lists and pickers show it (its file name when it has no name). */
export const documentName = (d: { id: number; name: string; file: string }) =>
  d.name || d.file.split('/').pop()?.split('?')[0] || `Document ${d.id}`;

/** DECISIONS.md, "Documents": up to 25 MiB per file, of these kinds. */
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;
export const DOCUMENT_EXTENSIONS = [
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'heic',
  'txt',
  'csv',
  'doc',
  'docx',
  'xls',
  'xlsx',
] as const;
/** The file input's `accept`. */
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The server's words for a file it refuses (413 and 415). */
export const MSG_TOO_LARGE = 'The file is larger than 25 MB.';
export const MSG_TYPE_NOT_ALLOWED =
  'This file type is not allowed. Upload a PDF, an image (PNG, JPG, GIF, WEBP, HEIC), a text or CSV file, or a Word or Excel file.';

/** Why the server would refuse `file` before it is sent, or null when it may go. */
export function documentProblem(file: Pick<File, 'name' | 'size'>): string | null {
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)) return MSG_TYPE_NOT_ALLOWED;
  if (file.size > MAX_DOCUMENT_BYTES) return MSG_TOO_LARGE;
  return null;
}

/** Uploads one file to a task (multipart `task` + `file`), as the task form's Documents do. */
export function uploadTaskDocument(taskId: number, file: File, onProgress?: (fraction: number) => void) {
  const form = new FormData();
  form.append('task', String(taskId));
  form.append('file', file, file.name);
  return upload<UploadedDocument>('/api/documents/', form, onProgress);
}

/** Why an upload failed: the server's message for a 4xx (413, 415), else a plain one. */
export function uploadFailure(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return error.message;
  return 'The file could not be uploaded: the server could not be reached. Please try again.';
}
