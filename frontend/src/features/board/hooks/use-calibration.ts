import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { projectCalibrationQuery } from '../api';
import { readUseCalibrated, saveUseCalibrated } from '../calibration-preference';

/** The project's local ratio and its inputs (`GET /api/projects/{id}/calibration/`). */
export function useCalibration(projectId: number, enabled = true) {
  return useQuery({ ...projectCalibrationQuery(projectId), enabled: enabled && Number.isInteger(projectId) });
}

/**
 * The "Use calibrated predictions" switch of a project: on by default, remembered per project
 * (calibration-preference.ts).
 */
export function useCalibratedPreference(projectId: number): [boolean, (on: boolean) => void] {
  const [state, setState] = useState(() => ({ projectId, on: readUseCalibrated(projectId) }));
  if (state.projectId !== projectId) setState({ projectId, on: readUseCalibrated(projectId) });
  const on = state.projectId === projectId ? state.on : readUseCalibrated(projectId);
  const set = (next: boolean) => {
    saveUseCalibrated(projectId, next);
    setState({ projectId, on: next });
  };
  return [on, set];
}
