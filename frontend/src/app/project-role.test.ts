import { describe, expect, it } from 'vitest';
import { boardProjectQuery } from '../features/board/api';
import { projectRoleQuery } from '../features/members/use-project-role';

describe("the project role's query", () => {
  it("is the board's project query: one cached project, one request", () => {
    expect(projectRoleQuery(12).queryKey).toEqual(boardProjectQuery(12).queryKey);
    expect(projectRoleQuery(12).networkMode).toBe(boardProjectQuery(12).networkMode);
  });
});
