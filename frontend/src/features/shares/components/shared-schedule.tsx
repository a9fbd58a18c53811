import { Suspense } from 'react';
import type { SharedProject, SharedScheduleRenderer } from '../types';

/**
 * The Schedule section (issue 33): the project's planned finish and its timeline, read only,
 * drawn by the schedule's view the app gives (`render`, a lazy chunk); one sentence while no task
 * is scheduled (no chart, no chunk).
 */
export function SharedSchedule({ data, render }: { data: SharedProject; render?: SharedScheduleRenderer }) {
  const scheduled = data.schedule.tasks.length > 0;
  if (scheduled && !render) return null;
  return (
    <section className="share-section" aria-labelledby="shared-schedule-title" data-testid="shared-schedule">
      <h2 id="shared-schedule-title">Schedule</h2>
      {scheduled && render ? (
        <Suspense
          fallback={
            <p className="muted" role="status">
              Loading the schedule…
            </p>
          }
        >
          {render({
            schedule: data.schedule,
            dependencies: data.dependencies,
            tasks: data.tasks,
            project: data.project,
          })}
        </Suspense>
      ) : (
        <p className="muted" data-testid="shared-schedule-empty">
          No task is on the schedule yet.
        </p>
      )}
    </section>
  );
}
