import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { boardKeys, boardProjectQuery, boardTasksQuery } from '../features/board/api';
import { useIdlePreload } from '../features/board/hooks/use-board-dialogs';
import type { ExportMenuItem } from '../features/board/task-form-extras';
import type { Task } from '../features/board/types';
import { scheduleKeys } from '../features/schedule/api';
import { scheduleSettingsOf } from '../features/schedule/schedule-summary-api';

// Issue 33: the schedule beside the board's budget summary. Its code and its request wait for
// the board's first paint and an idle moment, and only a project with a scheduled task (a
// planned start or a duration) asks for it: the board's first paint does not grow.
const ScheduleSummary = lazy(() =>
  import('../features/schedule/schedule-summary-panel').then((m) => ({ default: m.ScheduleSummary })),
);

/** Reads the board's cache only (the board asks the server; a disabled query still follows its cache). */
const CACHE_ONLY = { enabled: false } as const;

export const hasScheduledTask = (tasks: readonly Task[]) =>
  tasks.some((t) => Boolean(t.planned_start) || (t.duration_days !== null && t.duration_days !== undefined));

/**
 * The schedule's figures for the summary (`compact`: the phone strip's details). Whenever the
 * board reads its tasks again (a task saved, a link made or removed in the task form), the
 * schedule is read again too (a 304 when nothing moved): the timeline's and this one.
 */
export function BoardSchedule({ compact }: { compact: boolean }) {
  const { projectId: raw } = useParams();
  const projectId = Number(raw);
  const qc = useQueryClient();
  const scheduled = useQuery({ ...boardTasksQuery(projectId), ...CACHE_ONLY, select: hasScheduledTask });
  const project = useQuery({ ...boardProjectQuery(projectId), ...CACHE_ONLY });
  const [idle, setIdle] = useState(false);
  useIdlePreload(useCallback(() => setIdle(true), []));

  const updatedAt = scheduled.dataUpdatedAt;
  const seen = useRef(updatedAt);
  useEffect(() => {
    if (seen.current === updatedAt) return;
    seen.current = updatedAt;
    void qc.invalidateQueries({ queryKey: scheduleKeys.project(projectId) });
  }, [qc, projectId, updatedAt]);

  const onProjectChanged = useCallback(
    () => void qc.invalidateQueries({ queryKey: boardKeys.project(projectId) }),
    [qc, projectId],
  );

  if (scheduled.data !== true || !Number.isSafeInteger(projectId)) return null;
  // The summary row keeps the schedule's place from the first paint (static markup, no request,
  // no code): the figures then fill it without moving the board under a reader who scrolled.
  const pending = compact ? null : <SchedulePending />;
  if (!idle) return pending;
  // The board's project JSON carries the calendar and carrying cost (issue 33) beside its money settings.
  const settings = scheduleSettingsOf(project.data);
  return (
    <Suspense fallback={pending}>
      <ScheduleSummary
        projectId={projectId}
        project={settings}
        compact={compact}
        pending={pending}
        onProjectChanged={onProjectChanged}
      />
    </Suspense>
  );
}

/** The schedule's card before its figures are in: the same label and lines, so the row keeps its size. */
function SchedulePending() {
  return (
    <div className="stat schedule-stat" data-testid="schedule-pending">
      <span className="stat-label">Planned Finish</span>
      <span className="stat-value" aria-hidden="true">
        …
      </span>
      <span className="stat-sub" role="status">
        Reading the schedule…
      </span>
    </div>
  );
}

export const renderBoardSchedule = ({ compact }: { compact: boolean }) => <BoardSchedule compact={compact} />;

/** The schedule's exports in the board's Export menu: their code (and pdfmake) load when chosen. */
export const scheduleExports: readonly ExportMenuItem[] = [
  {
    label: 'Export schedule CSV',
    run: async (projectId) => (await import('../features/schedule/schedule-export')).exportScheduleCsv(projectId),
  },
  {
    label: 'Export schedule PDF',
    run: async (projectId) => (await import('../features/schedule/schedule-export')).exportSchedulePdf(projectId),
  },
];
