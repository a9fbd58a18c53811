import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { EditAccess } from '../../../lib/edit-access';
import { TaskRowsView } from './task-rows-view';

// The phone's task list without tasks: the owner and a partner are pointed at Add Task; a viewer
// (issue 35), who has no such button, is told the project has none.

describe('the task list without tasks', () => {
  it('points an editor at Add Task', () => {
    render(<TaskRowsView tasks={[]} squareFootage={null} onOpen={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'No tasks yet' })).toBeTruthy();
    expect(screen.getByText(/Use Add Task to start your list/)).toBeTruthy();
  });

  it('tells a viewer the project has no tasks yet, without Add Task', () => {
    render(
      <EditAccess value={false}>
        <TaskRowsView tasks={[]} squareFootage={null} onOpen={vi.fn()} />
      </EditAccess>,
    );
    expect(screen.getByText('The project has no tasks yet.')).toBeTruthy();
    expect(screen.queryByText(/Add Task/)).toBeNull();
  });
});
