import { useQuery } from '@tanstack/react-query';
import { projectCalibrationQuery } from '../api';

/**
 * The project's local ratio and its inputs (`GET /api/projects/{id}/calibration/`). Whether the
 * board uses it is the project's own setting (`use_calibration`, issue 29), changed by the board's
 * switch for everyone who sees the project.
 */
export function useCalibration(projectId: number, enabled = true) {
  return useQuery({ ...projectCalibrationQuery(projectId), enabled: enabled && Number.isInteger(projectId) });
}
