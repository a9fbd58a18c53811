import { RegisterHeader } from '../../components/ui/register-header';
import { useAppPageMeta } from '../../lib/page-meta';
import { ActivityFeed } from './activity-feed';

interface Props {
  projectId: number;
  /** The project's name (the board's cached copy), once read. */
  projectName: string | null;
}

/** `/kanban/:projectId/activity` (issue 35): every change to the project, newest first. */
export function ActivityPage({ projectId, projectName }: Props) {
  useAppPageMeta(
    projectName ? `Activity — ${projectName}` : 'Activity',
    'Every change to the project: who made it, when, and the money before and after.',
  );
  return (
    <main className="page activity-page">
      <RegisterHeader projectId={projectId} title="Activity" projectName={projectName}>
        Every change to the project, newest first: who made it, when, and the figures before and after. Changes to a
        task are also listed in its dialog.
      </RegisterHeader>
      <section className="card" aria-label="Activity">
        <ActivityFeed
          projectId={projectId}
          task={null}
          limit={50}
          empty="No changes recorded yet. Add a task or record a payment and it shows here."
          label="Changes to the project, newest first"
        />
      </section>
    </main>
  );
}
