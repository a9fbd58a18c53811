import { Suspense, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { DropdownMenu } from '../../../components/ui/dropdown-menu';
import { useTheme, type Theme } from '../../../lib/theme';
import { useOwnsProject } from '../../../lib/edit-access';
import { useBoardMembers } from '../members-slot';
import type { BoardView } from '../view-preference';
import { trackExport } from '../export';
import { useExportMenuExtras } from '../task-form-extras';
import { ExportMenu } from './export-menu';
import './board-toolbar.css';

interface Props {
  projectId: number;
  /** The phone layout (PHONE_QUERY): two rows (Add Task, the view switch, More; then the way on). */
  phone: boolean;
  /** The task list is one of the views (below NARROW_QUERY, or while it is shown). */
  offersRows: boolean;
  /** The Timeline view is there (src/app provides it, board-page.tsx). */
  offersTimeline: boolean;
  view: BoardView;
  onChooseView: (view: BoardView) => void;
  /** Fetches the Kanban and Timeline views' code before one is chosen (pointer over, or focus on, the choice). */
  onPreloadKanban: () => void;
  /** The Add Task button (its ref is the board's: focus returns to it after a toast). */
  addTask: ReactNode;
  /** Opens Update Budget; left out for a viewer (issue 35), who gets no such button. */
  onBudget?: () => void;
  budgetDisabled: boolean;
  onExport: (kind: 'csv' | 'pdf') => void;
  exporting: boolean;
}

const VIEW_LABELS: Record<BoardView, string> = {
  rows: 'List View',
  kanban: 'Kanban View',
  spreadsheet: 'Spreadsheet View',
  timeline: 'Timeline View',
};

/** The views offered: the spec's two, the task list on a narrow screen, and the timeline (issue 33) when the app provides it. */
const viewsFor = (withRows: boolean, withTimeline: boolean): BoardView[] => [
  ...(withRows ? (['rows'] as const) : []),
  'kanban',
  'spreadsheet',
  ...(withTimeline ? (['timeline'] as const) : []),
];

/**
 * The phone's view switch, always in sight: the task list or the Kanban columns (the spreadsheet,
 * which needs a wider screen, stays under More).
 */
function ViewSwitch({
  view,
  onChoose,
  onPreloadKanban,
}: Pick<Props, 'view' | 'onPreloadKanban'> & {
  onChoose: (view: BoardView) => void;
}) {
  const options: { value: BoardView; label: string }[] = [
    { value: 'rows', label: 'List' },
    { value: 'kanban', label: 'Kanban' },
  ];
  return (
    <div className="view-switch" role="group" aria-label="View">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className="view-switch-option"
          aria-pressed={view === o.value}
          onClick={() => onChoose(o.value)}
          onPointerEnter={o.value === 'kanban' ? onPreloadKanban : undefined}
          onFocus={o.value === 'kanban' ? onPreloadKanban : undefined}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/**
 * The board's actions (spec: Add Task, Update Budget, Export, the view and theme selectors), and
 * the way on from the board: Compare bids, Money, Contractors, Share.
 */
export function BoardToolbar({
  projectId,
  phone,
  offersRows,
  offersTimeline,
  view,
  onChooseView,
  onPreloadKanban,
  addTask,
  onBudget,
  budgetDisabled,
  onExport,
  exporting,
}: Props) {
  const { theme, setTheme } = useTheme();
  const navigate = useNavigate();
  // Issue 18: every task's bids side by side (features/bids); issue 19: payments, change orders,
  // contingency and draws (features/money); the user's contractors, reused across projects.
  const bidsPath = `/kanban/${projectId}/bids`;
  const moneyPath = `/kanban/${projectId}/money`;
  const sharePath = `/kanban/${projectId}/share`;
  // Issue 33: the delays register and the inspections (features/schedule).
  const delaysPath = `/kanban/${projectId}/delays`;
  const inspectionsPath = `/kanban/${projectId}/inspections`;
  // Issue 34: the lien waivers (features/waivers).
  const waiversPath = `/kanban/${projectId}/waivers`;
  // Issue 35: the activity trail (features/activity).
  const activityPath = `/kanban/${projectId}/activity`;
  const exportExtras = useExportMenuExtras();
  // A member's /contractors is their own roster, not this project's (the owner's).
  const ownsProject = useOwnsProject();
  // Issue 35: the project's members, for every role (src/app provides the dialog, a lazy chunk).
  // Wide: a button beside View and Theme (the way-on row stays one row at 1280 px); phone: an item
  // of More, beside Share (the phone's two rows stay two at 390 px).
  const members = useBoardMembers();
  const [showMembers, setShowMembers] = useState(false);
  const openMembers = () => {
    members?.preload();
    setShowMembers(true);
  };
  const membersButton = members && (
    <button
      type="button"
      className="btn"
      aria-haspopup="dialog"
      onClick={openMembers}
      onPointerEnter={members.preload}
      onFocus={members.preload}
    >
      Members
    </button>
  );
  const membersDialog = members && showMembers && (
    <Suspense fallback={null}>{members.render({ projectId, onClose: () => setShowMembers(false) })}</Suspense>
  );

  if (phone) {
    return (
      <div className="toolbar toolbar-compact board-toolbar-phone" role="toolbar" aria-label="Board actions">
        <div className="board-toolbar-row">
          {addTask}
          <ViewSwitch view={view} onChoose={onChooseView} onPreloadKanban={onPreloadKanban} />
          <DropdownMenu
            label="More board actions"
            sections={[
              {
                items: [
                  { label: 'Share', onSelect: () => void navigate(sharePath) },
                  { label: 'Delays', onSelect: () => void navigate(delaysPath) },
                  { label: 'Inspections', onSelect: () => void navigate(inspectionsPath) },
                  { label: 'Lien waivers', onSelect: () => void navigate(waiversPath) },
                  { label: 'Activity', onSelect: () => void navigate(activityPath) },
                  ...(members ? [{ label: 'Members', onSelect: openMembers }] : []),
                  ...(onBudget ? [{ label: 'Update Budget', onSelect: () => !budgetDisabled && onBudget() }] : []),
                  { label: 'Export CSV', onSelect: () => onExport('csv') },
                  { label: exporting ? 'Exporting PDF…' : 'Export PDF', onSelect: () => onExport('pdf') },
                  ...exportExtras.map((item) => ({
                    label: item.label,
                    onSelect: () => void trackExport(item.label, () => item.run(projectId)).catch(() => undefined),
                  })),
                ],
              },
              {
                label: 'View',
                radio: true,
                items: viewsFor(true, offersTimeline).map((v) => ({
                  label: VIEW_LABELS[v],
                  checked: view === v,
                  onSelect: () => onChooseView(v),
                })),
              },
              {
                label: 'Theme',
                radio: true,
                items: [
                  { label: 'Light', checked: theme === 'light', onSelect: () => setTheme('light') },
                  { label: 'Dark', checked: theme === 'dark', onSelect: () => setTheme('dark') },
                ],
              },
            ]}
          >
            More
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </DropdownMenu>
        </div>
        <div className="board-toolbar-row">
          <Link className="btn" to={bidsPath} aria-label="Compare bids">
            Bids
          </Link>
          <Link className="btn" to={moneyPath}>
            Money
          </Link>
          {ownsProject && (
            <Link className="btn" to="/contractors">
              Contractors
            </Link>
          )}
        </div>
        {membersDialog}
      </div>
    );
  }

  return (
    <div className="toolbar" role="toolbar" aria-label="Board actions">
      <div className="toolbar-group">
        {addTask}
        {onBudget && (
          <button type="button" className="btn" onClick={onBudget} disabled={budgetDisabled}>
            Update Budget
          </button>
        )}
        <ExportMenu onCsv={() => onExport('csv')} onPdf={() => onExport('pdf')} busy={exporting} />
        <Link className="btn" to={bidsPath}>
          Compare bids
        </Link>
        <Link className="btn" to={moneyPath}>
          Money
        </Link>
        <Link className="btn" to={delaysPath}>
          Delays
        </Link>
        <Link className="btn" to={inspectionsPath}>
          Inspections
        </Link>
        <Link className="btn" to={waiversPath}>
          Waivers
        </Link>
        <Link className="btn" to={activityPath}>
          Activity
        </Link>
        {ownsProject && (
          <Link className="btn" to="/contractors">
            Contractors
          </Link>
        )}
        <Link className="btn" to={sharePath}>
          Share
        </Link>
      </div>
      <div className="toolbar-group">
        {membersButton}
        <label className="inline-field">
          <span>View</span>
          <select
            value={view}
            onFocus={onPreloadKanban}
            onPointerEnter={onPreloadKanban}
            onChange={(e) => onChooseView(e.target.value as BoardView)}
            aria-label="View"
          >
            {viewsFor(offersRows, offersTimeline).map((v) => (
              <option key={v} value={v}>
                {VIEW_LABELS[v]}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-field">
          <span>Theme</span>
          <select value={theme} onChange={(e) => setTheme(e.target.value as Theme)} aria-label="Theme">
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
      </div>
      {membersDialog}
    </div>
  );
}
