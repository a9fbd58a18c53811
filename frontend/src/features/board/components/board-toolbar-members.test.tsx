import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ProjectOwnership } from '../../../lib/edit-access';
import { renderWithProviders } from '../../../testing/render';
import { BoardMembers, type BoardMembersSlot } from '../members-slot';
import { BoardToolbar } from './board-toolbar';

// Issue 35: the board's toolbar offers the project's members to every role, through the dialog
// src/app provides (a lazy chunk); without it there is no button.

function renderToolbar({ phone, owns, slot }: { phone: boolean; owns: boolean; slot: BoardMembersSlot | null }) {
  return renderWithProviders(
    <ProjectOwnership value={owns}>
      <BoardMembers value={slot}>
        <BoardToolbar
          projectId={8}
          phone={phone}
          offersRows={phone}
          offersTimeline={false}
          view="spreadsheet"
          onChooseView={() => undefined}
          onPreloadKanban={() => undefined}
          addTask={null}
          budgetDisabled={false}
          onExport={() => undefined}
          exporting={false}
        />
      </BoardMembers>
    </ProjectOwnership>,
    { path: '/kanban/:projectId', url: '/kanban/8' },
  );
}

/** Presses Members: the wide toolbar's button, or the phone's item of More. */
function pressMembers(phone: boolean) {
  const toolbar = screen.getByRole('toolbar', { name: 'Board actions' });
  if (!phone) {
    const button = within(toolbar).getByRole('button', { name: 'Members' });
    fireEvent.pointerEnter(button);
    fireEvent.click(button);
    return;
  }
  fireEvent.click(within(toolbar).getByRole('button', { name: 'More board actions' }));
  fireEvent.click(screen.getByRole('menuitem', { name: 'Members' }));
}

/** A stand-in for the members dialog: says which project it opened for, and closes. */
function stubSlot() {
  const preload = vi.fn();
  const slot: BoardMembersSlot = {
    preload,
    render: ({ projectId, onClose }) => (
      <div role="dialog" aria-label="Members">
        Members of project {projectId}
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    ),
  };
  return { slot, preload };
}

describe("the board toolbar's Members button", () => {
  for (const phone of [false, true]) {
    const layout = phone ? 'phone' : 'wide';
    it(`opens the project's members dialog and closes it (${layout}, a partner)`, () => {
      const { slot, preload } = stubSlot();
      renderToolbar({ phone, owns: false, slot });
      expect(screen.queryByRole('dialog')).toBeNull();
      pressMembers(phone);
      expect(preload).toHaveBeenCalled();
      expect(screen.getByRole('dialog', { name: 'Members' }).textContent).toContain('Members of project 8');
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      // A partner's own contractors are not this project's: no Contractors link, Members still.
      const toolbar = screen.getByRole('toolbar', { name: 'Board actions' });
      expect(within(toolbar).queryByRole('link', { name: 'Contractors' })).toBeNull();
    });

    it(`is there for the owner too (${layout})`, () => {
      renderToolbar({ phone, owns: true, slot: stubSlot().slot });
      pressMembers(phone);
      expect(screen.getByRole('dialog', { name: 'Members' })).toBeTruthy();
      const toolbar = screen.getByRole('toolbar', { name: 'Board actions' });
      expect(within(toolbar).getByRole('link', { name: 'Contractors' })).toBeTruthy();
    });

    it(`is left out when the app gives no members dialog (${layout})`, () => {
      renderToolbar({ phone, owns: true, slot: null });
      expect(screen.queryByRole('button', { name: 'Members' })).toBeNull();
      if (phone) {
        fireEvent.click(screen.getByRole('button', { name: 'More board actions' }));
        expect(screen.getByRole('menuitem', { name: 'Share' })).toBeTruthy();
        expect(screen.queryByRole('menuitem', { name: 'Members' })).toBeNull();
      }
    });
  }

  it("keeps the phone's way-on row as it was, and the wide way-on group without it", () => {
    const phone = renderToolbar({ phone: true, owns: true, slot: stubSlot().slot });
    const row = screen.getByRole('link', { name: 'Compare bids' }).parentElement!;
    expect([...row.children].map((el) => el.textContent)).toEqual(['Bids', 'Money', 'Contractors']);
    phone.unmount();
    renderToolbar({ phone: false, owns: true, slot: stubSlot().slot });
    const button = screen.getByRole('button', { name: 'Members' });
    // Beside View and Theme, not at the end of the way-on group (one row at 1280 px).
    expect(button.parentElement?.querySelector('select[aria-label="View"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Share' }).parentElement?.contains(button)).toBe(false);
  });
});
