import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { tokens } from '../../lib/auth-store';
import { renderWithProviders } from '../../testing/render';
import { json, stubFetch } from './test-fetch';
import { roleOf, useProjectRole } from './use-project-role';

afterEach(() => vi.unstubAllGlobals());

function Probe({ id }: { id: number }) {
  const { role, canEdit, isOwner } = useProjectRole(id);
  return <p data-testid="role">{`${role ?? 'unknown'} edit=${String(canEdit)} owner=${String(isOwner)}`}</p>;
}

describe('the role on a project', () => {
  it.each([
    [undefined, undefined, false, false],
    [{}, 'owner', true, true],
    [{ role: 'owner' as const }, 'owner', true, true],
    [{ role: 'partner' as const }, 'partner', true, false],
    [{ role: 'viewer' as const }, 'viewer', false, false],
  ])('project %j is %s (edit %s, owner %s)', (project, role, canEdit, isOwner) => {
    expect(roleOf(project)).toEqual({ role, canEdit, isOwner });
  });

  it('reads the role from the project JSON, nothing editable until it is known', async () => {
    tokens.set('A', 'R');
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderWithProviders(<Probe id={7} />);
    expect(screen.getByTestId('role').textContent).toBe('unknown edit=false owner=false');
    answer(json(200, { id: 7, name: 'Cabin', role: 'viewer' }));
    expect((await screen.findByText('viewer edit=false owner=false')).tagName).toBe('P');
  });

  it("treats a cached project without a role (before issue 35) as the owner's, offline too", async () => {
    tokens.set('A', 'R');
    const asked = stubFetch(() => json(200, { id: 4, name: 'Cabin', role: 'partner' }));
    const { client } = renderWithProviders(<Probe id={4} />);
    client.setQueryData(['board', 4, 'project'], { id: 4, name: 'Cabin' });
    expect(await screen.findByText(/^(owner|partner) edit=true/)).toBeTruthy();
    // Then the server's answer, when it comes, says what the user is.
    expect(await screen.findByText('partner edit=true owner=false')).toBeTruthy();
    expect(asked.every((a) => a.path === '/api/projects/4/')).toBe(true);
  });
});
