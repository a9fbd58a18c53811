import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { InspectionsPage } from './inspections-page';
import { inspectionPayload, validateInspection } from './inspections-form';
import { inspections, json, stubServer, TASKS } from './schedule-summary-fixtures';

const project = { id: 3, name: 'Willow Creek House' };

const baseRoutes = () => ({
  'GET /api/projects/3/inspections/': json(200, inspections),
  'GET /api/projects/3/calendar/': json(200, { active: false, created_at: null }),
  'GET /api/inspection-kinds/': json(200, ['Footing', 'Foundation', 'Framing']),
});

const renderPage = () =>
  renderWithProviders(<InspectionsPage projectId={3} project={project} tasks={TASKS} />, {
    path: '/kanban/:projectId/inspections',
    url: '/kanban/3/inspections',
  });

afterEach(() => vi.unstubAllGlobals());

describe('the inspection form checks', () => {
  it('asks for a task, a kind and a date', () => {
    const v = {
      task: '',
      kind: ' ',
      scheduled_on: '',
      inspector: '',
      result: 'pending' as const,
      notes: '',
      document: '',
    };
    expect(Object.keys(validateInspection(v))).toEqual(['task', 'kind', 'scheduled_on']);
    expect(
      inspectionPayload({ ...v, task: '11', kind: ' Framing ', scheduled_on: '2026-04-01', document: '7' }),
    ).toEqual({
      task: 11,
      kind: 'Framing',
      scheduled_on: '2026-04-01',
      inspector: '',
      result: 'pending',
      notes: '',
      document: 7,
    });
  });
});

describe('InspectionsPage', () => {
  it('lists the inspections with their result in words', async () => {
    stubServer(baseRoutes());
    renderPage();
    const table = await screen.findByTestId('inspections-table');
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getByRole('rowheader').textContent).toBe('Foundation');
    expect(within(row).getByText('Passed')).toBeTruthy();
    expect(within(row).getByText('City of Austin')).toBeTruthy();
  });

  it('adds an inspection, the usual kinds offered as suggestions', async () => {
    const calls = stubServer({
      ...baseRoutes(),
      'GET /api/documents/?task=12': json(200, [{ id: 7, name: 'report.pdf', file: '/f/report.pdf' }]),
      'POST /api/inspections/': (body) => json(201, { id: 6, project: 3, ...(body as object) }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add an inspection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an inspection' });
    const kind = within(dialog).getByLabelText(/^Kind/);
    const listId = kind.getAttribute('list')!;
    await waitFor(() => expect(document.getElementById(listId)?.querySelectorAll('option')).toHaveLength(3));
    fireEvent.change(within(dialog).getByLabelText(/^Task/), { target: { value: '12' } });
    fireEvent.change(kind, { target: { value: 'Framing' } });
    fireEvent.change(within(dialog).getByLabelText(/^Scheduled on/), { target: { value: '2026-04-20' } });
    fireEvent.change(within(dialog).getByLabelText('Result'), { target: { value: 'failed' } });
    const doc = await within(dialog).findByLabelText('Document');
    await waitFor(() => expect(within(doc).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(doc, { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add inspection' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.key === 'POST /api/inspections/')?.body).toEqual({
      task: 12,
      kind: 'Framing',
      scheduled_on: '2026-04-20',
      inspector: '',
      result: 'failed',
      notes: '',
      document: 7,
    });
  });

  it("says the server's message for the whole form in its words", async () => {
    stubServer({
      ...baseRoutes(),
      'POST /api/inspections/': json(400, {
        error: 'validation_error',
        message: 'Invalid input',
        fields: { document: ['The document belongs to another task.'] },
      }),
      'GET /api/documents/?task=11': json(200, []),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add an inspection' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Task/), { target: { value: '11' } });
    fireEvent.change(within(dialog).getByLabelText(/^Kind/), { target: { value: 'Footing' } });
    fireEvent.change(within(dialog).getByLabelText(/^Scheduled on/), { target: { value: '2026-04-20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add inspection' }));
    expect(await within(dialog).findByText('The document belongs to another task.')).toBeTruthy();
  });
});
