import { describe, expect, it } from 'vitest';
import { boardProjectQuery, boardTasksQuery, projectCalibrationQuery, projectSummaryQuery } from './api';

describe('a board left open', () => {
  it('asks the project, tasks, summary and calibration again on window focus and reconnect', () => {
    // The app's default is no refetch on focus (lib/query-client.ts): the board's queries opt in, so
    // a calibration switched on another device shows without a reload.
    for (const q of [boardProjectQuery(1), boardTasksQuery(1), projectSummaryQuery(1), projectCalibrationQuery(1)]) {
      expect(q.refetchOnWindowFocus).toBe(true);
      expect(q.refetchOnReconnect).toBe(true);
    }
  });
});
