import { useCallback, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { formatMoney, formatNumber } from '../../../lib/format';
import { noticeFrom } from '../../../lib/route-state';
import {
  createProject,
  createTemplateTasks,
  deleteProject,
  projectKeys,
  projectsQuery,
  updateProjectLending,
} from '../api';
import { lendingPayload, type LendingValues } from '../lending';
import type { Project, ProjectFormValues, ProjectRole } from '../types';
import {
  buildProjectPayload,
  createProjectErrors,
  projectDateErrors,
  templateFailureMessage,
  validateProjectForm,
} from '../utils';
import { ProjectForm } from './project-form';
import { ProjectLendingDialog } from './project-lending-dialog';
import { ProjectMenu } from './project-menu';
import '../projects.css';

interface Props {
  /** Issue 35: the project's members dialog (composed by the app), closed with `close`. */
  renderMembers?: (project: Project, close: () => void) => ReactNode;
  /**
   * Issue 35: false for a member of someone's project without a subscription of their own: they
   * are offered the plan instead of a new-project form the server would refuse (402).
   */
  canCreate?: boolean;
}

const SHARED_LABEL: Record<Exclude<ProjectRole, 'owner'>, string> = {
  partner: 'Shared · Partner',
  viewer: 'Shared · Viewer',
};

export function ProjectsPage({ renderMembers, canCreate = true }: Props = {}) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const projects = useQuery(projectsQuery());
  // Set by the page that sent the user here (issue 35: "You left <project>.").
  const notice = noticeFrom(useLocation().state);
  const [showForm, setShowForm] = useState(false);
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]> | undefined>();
  const [busy, setBusy] = useState(false);
  const [openMenu, setOpenMenu] = useState<number | null>(null);
  const closeMenu = useCallback(() => setOpenMenu(null), []);
  const [lending, setLending] = useState<Project | null>(null);
  const [members, setMembers] = useState<Project | null>(null);
  const closeMembers = useCallback(() => setMembers(null), []);

  if (projects.isError) console.error('Failed to load projects', projects.error);

  const onCreate = async (values: ProjectFormValues): Promise<boolean> => {
    setError('');
    setFieldErrors(undefined);
    const problem = validateProjectForm(values);
    if (problem) {
      setError(problem);
      return false;
    }
    const dates = projectDateErrors(values);
    if (Object.keys(dates).length > 0) {
      setFieldErrors(dates);
      return false;
    }
    setBusy(true);
    let created: Project;
    try {
      created = await createProject(buildProjectPayload(values));
    } catch (e) {
      setBusy(false);
      if (e instanceof ApiError && e.status === 401) {
        void navigate('/login');
        return false;
      }
      console.error(e);
      const problems = createProjectErrors(e);
      setError(problems.banner);
      setFieldErrors(problems.fields);
      return false;
    }
    // The project exists now: whatever the task list answers, the form's job is done, and its
    // board is the next step (issue 30). The project joins the list once its board is ready, so the
    // board opens with its tasks; a task list that could not be added is said there.
    let notice = '';
    if (values.use_template) {
      try {
        await createTemplateTasks(created.id);
      } catch (e) {
        console.error('Standard task list not added', e);
        notice = templateFailureMessage(e) ?? '';
      }
    }
    qc.setQueryData<Project[]>(projectKeys.list(), (old) => [...(old ?? []), created]);
    setBusy(false);
    setShowForm(false);
    void navigate(`/kanban/${created.id}`, notice ? { state: { notice } } : undefined);
    return true;
  };

  const onDelete = async (project: Project) => {
    if (!window.confirm('Are you sure you want to delete this project?')) return;
    try {
      await deleteProject(project.id);
      qc.setQueryData<Project[]>(projectKeys.list(), (old) => (old ?? []).filter((p) => p.id !== project.id));
      setError('');
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        void navigate('/login');
        return;
      }
      console.error(e);
      setError('An error occurred while deleting the project.');
    }
  };

  /** Saves the property and the loan; a refusal throws, for the dialog to show beside its fields. */
  const onSaveLending = async (project: Project, values: LendingValues) => {
    const saved = await updateProjectLending(project.id, lendingPayload(values));
    qc.setQueryData<Project[]>(projectKeys.list(), (old) => (old ?? []).map((p) => (p.id === saved.id ? saved : p)));
    // The board and the share pages read the project too (its address, its lender).
    void qc.invalidateQueries({ queryKey: ['board', saved.id, 'project'] });
    setLending(null);
  };

  const list = projects.data ?? [];

  return (
    <main className="page">
      <header className="page-header row-between">
        <div>
          <h1>Your Projects</h1>
          <p className="muted">Pick a project to open its board, or start a new one.</p>
        </div>
        {canCreate ? (
          <button
            type="button"
            className={showForm ? 'btn' : 'btn btn-primary'}
            aria-expanded={showForm}
            onClick={() => {
              setShowForm((s) => !s);
              setError('');
              setFieldErrors(undefined);
            }}
          >
            {showForm ? 'Cancel' : 'Create New Project'}
          </button>
        ) : (
          <Link className="btn" to="/choose-plan">
            Subscribe to start your own project
          </Link>
        )}
      </header>

      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {!showForm && error && (
        <div className="form-error" role="alert">
          {error}
        </div>
      )}
      {showForm && <ProjectForm onSubmit={onCreate} error={error} fieldErrors={fieldErrors} busy={busy} />}

      <section aria-label="Projects" className="project-list-section">
        {projects.isPending ? (
          <p className="muted">Loading...</p>
        ) : list.length === 0 ? (
          <div className="empty card">
            <h2>No projects yet</h2>
            <p className="muted">Create your first project to start tracking costs.</p>
          </div>
        ) : (
          <ul className="project-list">
            {list.map((p) => (
              <li key={p.id} className="project-item">
                <Link to={`/kanban/${p.id}`} className="project-link">
                  <span className="project-name">
                    {p.name}
                    {p.role && p.role !== 'owner' && <span className="project-badge">{SHARED_LABEL[p.role]}</span>}
                  </span>
                  <span className="project-meta">
                    <span>Type: {p.project_type_display}</span>
                    {p.zip_code && <span>Zip {p.zip_code}</span>}
                    {p.square_footage ? <span>{formatNumber(p.square_footage)} sq ft</span> : null}
                    {p.budget !== null && <span>Budget {formatMoney(p.budget)}</span>}
                    {p.role && p.role !== 'owner' && p.owner && <span>Owner {p.owner}</span>}
                  </span>
                  {p.address && <span className="project-address">{p.address}</span>}
                </Link>
                <ProjectMenu
                  projectName={p.name}
                  shareTo={`/kanban/${p.id}/share`}
                  open={openMenu === p.id}
                  onToggle={() => setOpenMenu((o) => (o === p.id ? null : p.id))}
                  onClose={closeMenu}
                  onDelete={() => void onDelete(p)}
                  onEditLending={() => setLending(p)}
                  userRole={p.role ?? 'owner'}
                  onMembers={renderMembers ? () => setMembers(p) : undefined}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      {lending && (
        <ProjectLendingDialog
          project={lending}
          onSave={(values) => onSaveLending(lending, values)}
          onCancel={() => setLending(null)}
        />
      )}

      {members && renderMembers?.(members, closeMembers)}

      <section className="resource-links" aria-label="Planning resources">
        <Link to="/find-lender" className="resource-card">
          <strong>Find Out Your Home Building Budget</strong>
          <span className="muted">Lenders that finance construction in your state.</span>
        </Link>
        <Link to="/find-land" className="resource-card">
          <strong>How to Find and Buy Land</strong>
          <span className="muted">A step-by-step guide to buying a lot.</span>
        </Link>
      </section>

      <footer className="page-footer">
        <Link to="/terms-of-service">Terms of Service</Link>
        <Link to="/privacy-policy">Privacy Policy</Link>
        <Link to="/contact">Contact</Link>
      </footer>
    </main>
  );
}
