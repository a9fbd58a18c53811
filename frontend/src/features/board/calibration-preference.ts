// Whether the board uses the calibrated predictions (issue 20), remembered per project in local
// storage like the view (view-preference.ts): on until the user switches it off.
export const DEFAULT_USE_CALIBRATED = true;

export const calibrationStorageKey = (projectId: number) => `board-calibrated:${projectId}`;

export function readUseCalibrated(projectId: number): boolean {
  try {
    const stored = window.localStorage.getItem(calibrationStorageKey(projectId));
    return stored === 'off' ? false : stored === 'on' ? true : DEFAULT_USE_CALIBRATED;
  } catch {
    return DEFAULT_USE_CALIBRATED;
  }
}

export function saveUseCalibrated(projectId: number, on: boolean) {
  try {
    window.localStorage.setItem(calibrationStorageKey(projectId), on ? 'on' : 'off');
  } catch {
    /* storage unavailable: the choice lasts for this page */
  }
}
