import { describe, expect, it } from 'vitest';
import { scheduleCsv, scheduleExport, schedulePdfDefinition, SCHEDULE_COLUMNS } from './schedule-export';
import { schedule } from './schedule-summary-fixtures';

const tasks = [
  { id: 11, title: 'Foundation', duration_days: 10 },
  { id: 12, title: 'Framing', duration_days: 55 },
  { id: 13, title: 'Roofing, metal', duration_days: null },
];

const data = scheduleExport({
  projectId: 3,
  name: 'Willow Creek House',
  schedule,
  tasks,
  now: new Date(2026, 10, 27),
});

describe('the schedule export', () => {
  it('has a row per scheduled task in the schedule order, then the tasks without dates', () => {
    expect(data.rows.map((r) => r.title)).toEqual(['Foundation', 'Framing', 'Roofing, metal']);
    expect(data.rows[0]).toEqual({
      title: 'Foundation',
      start: '2026-03-02',
      finish: '2026-03-13',
      duration: 10,
      float: 0,
      critical: true,
      baselineFinish: '2026-03-10',
      variance: 3,
      delayDays: 3,
    });
    expect(data.rows[2].start).toBeNull();
  });

  it('writes the CSV: the figures, then the columns asked for', () => {
    const lines = scheduleCsv(data).split('\r\n');
    expect(lines[0]).toBe('Project,Willow Creek House');
    expect(lines).toContain('Variance,3 working days late');
    expect(lines).toContain('Cost of the slip,1000.00');
    expect(lines).toContain('Exported,2026-11-27');
    const header = lines.indexOf(SCHEDULE_COLUMNS.join(','));
    expect(header).toBeGreaterThan(0);
    expect(lines[header + 1]).toBe('Foundation,2026-03-02,2026-03-13,10,0,Yes,2026-03-10,3,3');
    expect(lines[header + 3]).toBe('"Roofing, metal",,,,,,,,0');
  });

  it('lays the PDF out in landscape with a header row on every page', () => {
    const def = schedulePdfDefinition(data);
    expect(def.pageOrientation).toBe('landscape');
    const table = def.content.find((c) => 'table' in c && c.table !== undefined && 'headerRows' in c.table) as {
      table: { headerRows: number; body: unknown[][] };
    };
    expect(table.table.headerRows).toBe(1);
    expect(table.table.body).toHaveLength(4);
    expect(table.table.body[0]).toHaveLength(SCHEDULE_COLUMNS.length);
  });
});
