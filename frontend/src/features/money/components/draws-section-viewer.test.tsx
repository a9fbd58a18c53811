import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { tokens } from '../../../lib/auth-store';
import { EditAccess } from '../../../lib/edit-access';
import { paymentsFixture, summaryFixture, tasksFixture } from '../test-fixtures';
import { DrawsSection } from './draws-section';

// Issue 35: with no construction loan set, the owner and a partner are told where to add one; a
// viewer, who cannot, is not.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const project = { id: 3, name: 'Willow Creek House', zip_code: '78701', budget: 400000, square_footage: 2400 };

function render(canEdit: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(url === '/api/projects/3/draws/' ? json(200, []) : json(500, { error: 'unexpected' })),
    ),
  );
  tokens.set('A1', 'R1');
  renderWithProviders(
    <EditAccess value={canEdit}>
      <DrawsSection
        projectId={3}
        project={project}
        tasks={tasksFixture}
        summary={{ ...summaryFixture, loan_amount: null, loan_left: null, drawn: 0 }}
        payments={paymentsFixture}
        onChanged={vi.fn(() => Promise.resolve())}
      />
    </EditAccess>,
    { path: '/kanban/:projectId/money', url: '/kanban/3/money' },
  );
}

describe('the loan line without a construction loan', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells an editor where to add the loan', () => {
    render(true);
    expect(screen.getByTestId('loan-balance').textContent).toBe(
      'No construction loan set (add one in Update Budget on the board). Funded draws so far: $0.00.',
    );
  });

  it('tells a viewer only that no loan is set', () => {
    render(false);
    expect(screen.getByTestId('loan-balance').textContent).toBe(
      'No construction loan set. Funded draws so far: $0.00.',
    );
  });
});
