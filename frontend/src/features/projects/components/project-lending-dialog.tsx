import { AppForm, FormMessage, useAppForm } from '../../../components/form';
import { Modal } from '../../../components/ui/modal';
import { checkLending, LENDING_FIELDS, lendingValues, type LendingValues } from '../lending';
import type { Project } from '../types';
import { ProjectLendingFields } from './project-lending-fields';

interface Props {
  project: Project;
  /** Saves the five fields (one PATCH); throws when refused: the server's messages show beside the fields. */
  onSave: (values: LendingValues) => Promise<void>;
  onCancel: () => void;
}

/**
 * "Property and loan": a project's street address, lender, loan number, retainage and lien waiver
 * threshold (issue 34), changed after the project was made. The form checks what it can first;
 * the server's messages (400 `fields`) show beside their fields and nothing is changed.
 */
export function ProjectLendingDialog({ project, onSave, onCancel }: Props) {
  const kit = useAppForm<LendingValues>({
    defaultValues: lendingValues(project),
    fields: LENDING_FIELDS,
    fallback: 'The server could not be reached. Please try again.',
    prefix: 'Nothing was changed.',
    validate: checkLending,
  });
  const { busy } = kit;
  return (
    <Modal title={`Property and loan – ${project.name}`} onClose={onCancel} size="md">
      <AppForm kit={kit} onSubmit={onSave} className="stack-sm project-lending-dialog">
        <FormMessage message={kit.message} />
        <ProjectLendingFields prefix="pl" errorRole="alert" />
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </AppForm>
    </Modal>
  );
}
