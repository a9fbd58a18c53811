import { describe, expect, it } from 'vitest';
import { taskDocumentsKey } from '../../lib/task-documents';
import { boardKeys } from './api';

describe('the task documents query key', () => {
  it('is the same in the shared upload field and on the board (an upload refreshes the Documents list)', () => {
    expect(taskDocumentsKey(42)).toEqual(boardKeys.documents(42));
  });
});
