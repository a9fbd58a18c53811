import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { drawFixture } from '../test-fixtures';
import { ContinuationSheet } from './continuation-sheet';

// The on-screen continuation sheet: the % is the completed percent; the inspector's figure is
// shown beside it only where it differs; a hint to scroll sits above the table (CSS shows it on
// narrow screens only, where the Task column stays put).

const lowered = () => {
  const draw = drawFixture();
  // Earlier draws covered 21.7%: the inspector's 5% asks nothing, the line stays at 21.7%.
  draw.items[0] = { ...draw.items[0], inspected_percent: 5, percent_complete: 21.7 };
  return draw;
};

const percentCell = (title: string) => {
  const row = screen.getByRole('rowheader', { name: title }).closest('tr')!;
  return within(row).getAllByRole('cell')[4];
};

describe('ContinuationSheet', () => {
  it("shows the completed percent, and the inspector's only where it differs", () => {
    render(<ContinuationSheet draw={lowered()} />);
    expect(percentCell('Framing').textContent).toBe('21.7%inspector: 5%');
    expect(percentCell('Building Permits').textContent).toBe('100%');
  });

  it("marks the inspector's figure when it is the completed percent", () => {
    render(<ContinuationSheet draw={drawFixture()} />);
    expect(percentCell('Framing').textContent).toBe('43.4%inspector');
  });

  it('says to scroll sideways, above the scrolling region', () => {
    render(<ContinuationSheet draw={drawFixture()} />);
    const hint = screen.getByTestId('sheet-scroll-hint');
    expect(hint.textContent).toBe('Scroll sideways for every column.');
    expect(hint.nextElementSibling).toBe(screen.getByRole('region', { name: 'Draw 2 continuation sheet' }));
  });
});
