import { useFormContext, useWatch } from 'react-hook-form';
import { AppForm, Field, FormFooter, FormMessage, useAppForm, useFieldErrors } from '../../../components/form';
import { FieldError } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { formatMoney } from '../../../lib/format';
import type { FieldErrors } from '../../../lib/form-errors';
import { UNREACHABLE } from '../../../lib/use-item-actions';
import type { Draw, DrawItem, DrawWrite } from '../types';
import { formatSheetPercent, parsePercent, toCents } from '../utils';
import { MissingPaperwork } from './draw-paperwork';

type EditValues = Record<string, string | boolean>;
type Line = DrawItem & { task: number };

const pctName = (task: number) => `pct_${task}`;
const text = (values: EditValues, name: string) => String(values[name] ?? '');

/** The lines whose percent can be set: those whose task is still on the board. */
const editableLines = (draw: Draw) => draw.items.filter((i): i is Line => i.task !== null);

/** What a line's typed percent would ask for, before the server works it out on save. */
export interface LinePreview {
  /** Scheduled × percent − previous, never below 0, in dollars rounded to the cent. */
  thisPeriod: number;
  /** The percent earlier draws already cover, when the typed one is below it (the line asks nothing); else null. */
  coveredPercent: number | null;
}

/**
 * The preview of a line from its typed percent, or null when there is none to give: the field is
 * as the server last saw it (its figures stand), empty (the work to date, worked out on save) or
 * not a percent (its message says so). Cents throughout; the server's figure replaces it on save.
 */
export function linePreview(line: Pick<DrawItem, 'scheduled_value' | 'previous' | 'inspected_percent'>, typed: string) {
  const parsed = parsePercent(typed);
  if (!parsed.ok || parsed.value === null || parsed.value === (line.inspected_percent ?? null)) return null;
  const scheduled = toCents(line.scheduled_value);
  const previous = toCents(line.previous);
  const target = Math.round((scheduled * Math.round(parsed.value * 10)) / 1000);
  const covered = scheduled > 0 && target < previous ? Math.min(100, (previous * 100) / scheduled) : null;
  return { thisPeriod: Math.max(0, target - previous) / 100, coveredPercent: covered } satisfies LinePreview;
}

/** "Earlier draws already cover 10% of this line: this draw asks nothing for it." */
export const coveredWarning = (percent: number) =>
  `Earlier draws already cover ${formatSheetPercent(percent)} of this line: this draw asks nothing for it.`;

/** The form's checks: each percent 0–100 with one decimal, or empty. */
function validateEdit(draw: Draw, values: EditValues): FieldErrors {
  const fields: FieldErrors = {};
  if (draw.status !== 'draft') return fields;
  for (const line of editableLines(draw)) {
    const parsed = parsePercent(text(values, pctName(line.task)));
    if (!parsed.ok) fields[pctName(line.task)] = [parsed.message];
  }
  return fields;
}

/**
 * What the form sends: the inspection and the note always; while a draft, Final and the lines
 * whose percent changed (a line left as it was is not sent, so its amount stays as the server set it).
 */
export function drawEditBody(draw: Draw, values: EditValues): Omit<DrawWrite, 'project'> {
  const body: Omit<DrawWrite, 'project'> = {
    inspected_on: text(values, 'inspected_on') || null,
    inspector: text(values, 'inspector').trim(),
    inspection_note: text(values, 'inspection_note').trim(),
    note: text(values, 'note').trim(),
  };
  if (draw.status === 'draft') {
    body.final = values.final === true;
    const items = editableLines(draw).flatMap((line) => {
      const parsed = parsePercent(text(values, pctName(line.task)));
      const percent = parsed.ok ? parsed.value : null;
      return percent === (line.inspected_percent ?? null) ? [] : [{ task: line.task, percent_complete: percent }];
    });
    if (items.length > 0) body.items = items;
  }
  return body;
}

/** A draft's lines: the server's figures and, per line, the inspector's percent complete. */
function DraftLines({ draw }: { draw: Draw }) {
  const itemsErrors = useFieldErrors('items');
  const { clearErrors } = useFormContext();
  const lines = editableLines(draw);
  const typed = useWatch({ name: lines.map((l) => pctName(l.task)) }) as (string | undefined)[];
  return (
    <fieldset className="draw-lines" aria-describedby="draw-lines-hint">
      <legend className="label">Lines and the lender&apos;s inspection</legend>
      <small className="hint" id="draw-lines-hint">
        Percent complete: the lender inspector&apos;s figure for the line (0–100). The line then asks for its scheduled
        value × that percent, less what earlier draws covered. Leave it empty to ask for the work to date. Amounts are
        worked out when you save.
      </small>
      <ul>
        {lines.map((line, i) => {
          const preview = linePreview(line, String(typed[i] ?? ''));
          const warningId = `draw-pct-${line.task}-covered`;
          return (
            <li key={line.task} className="draw-line" data-testid="draw-line">
              <div className="draw-line-head">
                <span className="draw-item-title">{line.title}</span>
                <span className="draw-line-figures">
                  Scheduled {formatMoney(line.scheduled_value)} · previous {formatMoney(line.previous)} ·{' '}
                  {preview ? (
                    // What the typed percent would ask, until the server works it out on save.
                    <span className="draw-line-preview" data-testid="draw-line-preview">
                      about {formatMoney(preview.thisPeriod)} this period once saved
                    </span>
                  ) : (
                    <>
                      this period {formatMoney(line.this_period)} ({formatSheetPercent(line.percent_complete)} complete)
                    </>
                  )}
                </span>
                {preview?.coveredPercent != null && (
                  <span className="draw-line-warning" id={warningId} data-testid="draw-line-warning">
                    {coveredWarning(preview.coveredPercent)}
                  </span>
                )}
              </div>
              <Field
                id={`draw-pct-${line.task}`}
                name={pctName(line.task)}
                className="draw-line-pct"
                label={
                  <>
                    Percent complete<span className="visually-hidden">, {line.title}</span>
                  </>
                }
                inputMode="decimal"
                autoComplete="off"
                onChange={() => clearErrors('items')}
              />
            </li>
          );
        })}
      </ul>
      <FieldError id="draw-items" errors={itemsErrors} />
    </fieldset>
  );
}

/**
 * "Edit draw N": a draft's lines with the inspector's percent complete, the lender's inspection
 * (date, inspector, note), whether it is the final draw and the note for the lender; before it is
 * submitted, the paperwork it still lacks. A submitted or funded draw keeps its lines: its
 * inspection and note can still be written down.
 */
export function EditDrawDialog({
  draw,
  projectId,
  onClose,
  onSave,
}: {
  draw: Draw;
  projectId: number;
  onClose: () => void;
  /** Saves the changes; rejects with the server's ApiError (its field messages show beside the fields). */
  onSave: (body: Omit<DrawWrite, 'project'>) => Promise<void>;
}) {
  const draft = draw.status === 'draft';
  const lines = editableLines(draw);
  const defaults: EditValues = {
    inspected_on: draw.inspected_on ?? '',
    inspector: draw.inspector,
    inspection_note: draw.inspection_note,
    note: draw.note,
    final: draw.final,
  };
  for (const line of lines)
    defaults[pctName(line.task)] =
      line.inspected_percent === null || line.inspected_percent === undefined ? '' : String(line.inspected_percent);
  const kit = useAppForm<EditValues>({
    defaultValues: defaults,
    fields: [
      'inspected_on',
      'inspector',
      'inspection_note',
      'note',
      'final',
      'items',
      ...lines.map((l) => pctName(l.task)),
    ],
    fallback: UNREACHABLE,
    validate: (values) => validateEdit(draw, values),
    onError: (err) => console.error('Draw edit failed', err),
  });
  const { busy } = kit;

  return (
    <Modal title={`Edit draw ${draw.number}`} onClose={busy ? () => {} : onClose} size="lg">
      <AppForm kit={kit} className="draw-form" onSubmit={(values) => onSave(drawEditBody(draw, values))}>
        <FormMessage message={kit.message} />
        {draft && <MissingPaperwork draw={draw} projectId={projectId} />}
        {draft && lines.length > 0 && <DraftLines draw={draw} />}
        <div className="draw-inspection-fields">
          <Field id="draw-inspected-on" name="inspected_on" label="Inspected on" type="date" />
          <Field
            id="draw-inspector"
            name="inspector"
            label="Inspector"
            autoComplete="off"
            maxLength={120}
            hint="The lender's inspector who checked the work."
          />
        </div>
        <Field id="draw-inspection-note" name="inspection_note" label="Inspection note">
          {(control) => <textarea rows={2} maxLength={5000} {...control} />}
        </Field>
        {draft ? (
          <div className="field draw-final">
            <label>
              <input type="checkbox" {...kit.form.register('final')} aria-describedby="draw-final-hint" /> Final draw
            </label>
            <small className="hint" id="draw-final-hint">
              The last draw of the loan: every contractor with an awarded bid then needs an unconditional final lien
              waiver.
            </small>
          </div>
        ) : (
          draw.final && <p className="muted">This is the final draw.</p>
        )}
        <Field
          id="draw-edit-note"
          name="note"
          label="Note for the lender (optional)"
          hint={draw.status === 'funded' ? 'Reason the lender funded less, when it did.' : undefined}
        >
          {(control) => <textarea rows={3} {...control} />}
        </Field>
        <FormFooter busy={busy} onCancel={onClose} submitLabel={draft ? 'Save draft' : 'Save'} />
      </AppForm>
    </Modal>
  );
}
