import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  blankFields,
  estimateProblems,
  fieldMessage,
  groupByStage,
  isPublicPage,
  lineSource,
  parseEstimate,
  publicSource,
} from './estimate';

describe('parseEstimate', () => {
  it('reads the documented response (state code with state_name)', () => {
    const e = parseEstimate({
      state: 'TX',
      state_name: 'Texas',
      factor: 0.88,
      predicted_total: 341616,
      cost_per_sqft: 142.34,
      breakdown: [{ task: 'Building Permits', component: 'Site work > Building permit fees', cost_per_sqft: 2.54, cost: 6103.68 }],
      sources: [{ id: 'S99', title: 'NAHB', url: 'https://www.nahb.org/' }],
    });
    expect(e.state).toEqual({ code: 'TX', name: 'Texas' });
    expect(e.factor).toBe(0.88);
    expect(e.cost_per_sqft).toBe(142.34);
    expect(e.breakdown[0].cost).toBe(6103.68);
    expect(e.sources[0].url).toBe('https://www.nahb.org/');
  });

  it('also reads a nested state object and tolerates missing fields', () => {
    expect(parseEstimate({ state: { code: 'GA', name: 'Georgia' } }).state).toEqual({ code: 'GA', name: 'Georgia' });
    const e = parseEstimate({});
    expect(e).toEqual({
      predicted_total: 0,
      predicted_total_low: null,
      predicted_total_high: null,
      cost_per_sqft: null,
      state: null,
      factor: null,
      factor_level: null,
      factor_note: null,
      breakdown: [],
      sources: [],
      sourceById: {},
    });
    expect(parseEstimate(null).breakdown).toEqual([]);
  });
});

describe('ranges, pricing and sources per line (issue 20)', () => {
  const raw = {
    predicted_total: 114632.32,
    predicted_total_low: 91717.59,
    predicted_total_high: 160262.52,
    factor_level: 'state',
    factor_note: 'Location factor: state level (USACE CWCCIS 2026).',
    breakdown: [
      {
        task: 'Kitchen Remodel - Major',
        component: 'Interior finishes > Cabinets, countertops',
        pricing: 'per_job',
        national_cost_per_sqft: 34.5,
        national_job_price: 82793,
        cost_per_sqft: 30.36,
        cost: 72857.84,
        low: 54643.38,
        high: 108634.68,
        range_basis: 'Halfway to the basic figure ($41,396.50 per job) and to the premium figure ($164,104 per job).',
        sources: ['S1', 'S10', 7],
      },
      { task: 'Old', component: null, cost_per_sqft: 1, cost: 10, pricing: 'per_month' },
    ],
    sources: [
      { id: 'S10', title: 'Zonda', url: null, publisher: 'Zonda / JLC (Remodeling magazine)', work: 'Cost vs. Value Report 2025 – National', year: 2025 },
      { id: 'S11', title: 'Zonda', url: null, publisher: 'Zonda / JLC (Remodeling magazine)', work: 'Cost vs. Value Report 2025 – National', year: 2025 },
    ],
  };

  it('reads the total range, the factor note and each line', () => {
    const e = parseEstimate(raw);
    expect([e.predicted_total_low, e.predicted_total_high]).toEqual([91717.59, 160262.52]);
    expect(e.factor_level).toBe('state');
    expect(e.factor_note).toMatch(/state level/);
    expect(e.breakdown[0]).toMatchObject({
      pricing: 'per_job',
      national_job_price: 82793,
      low: 54643.38,
      high: 108634.68,
      sources: ['S1', 'S10'],
    });
    expect(e.breakdown[0].range_basis).toMatch(/^Halfway/);
    // An older or odd line: no range, no pricing, no sources.
    expect(e.breakdown[1]).toMatchObject({ pricing: null, low: null, high: null, range_basis: null, sources: [] });
  });

  it('keeps every source by id for the lines, though the list names a publication once', () => {
    const e = parseEstimate(raw);
    expect(e.sources).toHaveLength(1);
    expect(Object.keys(e.sourceById)).toEqual(['S10', 'S11']);
    expect(lineSource(e, 'S11').publisher).toBe('Zonda / JLC (Remodeling magazine)');
    // Not in the answer: the known card, else the bare id.
    expect(lineSource(e, 'S1').publisher).toBe('National Association of Home Builders (NAHB)');
    expect(lineSource(e, 'S99')).toMatchObject({ id: 'S99', publisher: null, title: 'Source S99' });
  });

  it('sums the lines’ ranges per stage, and drops the range when a line has none', () => {
    const [g] = groupByStage([
      { task: 'A', component: 'Interior finishes > A', cost_per_sqft: 1, cost: 100, low: 80, high: 130 },
      { task: 'B', component: 'Interior finishes > B', cost_per_sqft: 1, cost: 50, low: 40, high: 60 },
    ]);
    expect([g.cost, g.low, g.high]).toEqual([150, 120, 190]);
    const [h] = groupByStage([
      { task: 'A', component: 'X > A', cost_per_sqft: 1, cost: 100, low: 80, high: 130 },
      { task: 'B', component: 'X > B', cost_per_sqft: 1, cost: 50, low: null, high: null },
    ]);
    expect([h.low, h.high]).toEqual([null, null]);
  });

  it('asks for an option for a renovation or an addition, and places the server’s option message', () => {
    expect(blankFields({ zipCode: '78701', squareFootage: '1200', projectType: 'renovation', options: [] })).toEqual({
      options: 'Choose at least one option.',
    });
    expect(blankFields({ zipCode: '78701', squareFootage: '1200', projectType: 'adu', options: [] })).toEqual({});
    const err = new ApiError(400, 'validation_error', 'x', {
      renovation_options: ['choose at least one renovation option'],
    });
    expect(estimateProblems(err)).toEqual({ fields: { options: 'Choose at least one option.' }, message: null });
  });
});

describe('groupByStage', () => {
  it('groups lines by the stage before " > " and sums them', () => {
    const groups = groupByStage([
      { task: 'Permits', component: 'Site work > Building permit fees', cost_per_sqft: 2.5, cost: 100 },
      { task: 'Impact', component: 'Site work > Impact fee', cost_per_sqft: 1.5, cost: 50 },
      { task: 'Framing', component: 'Framing > Framing', cost_per_sqft: 20, cost: 800 },
      { task: 'Pool', component: null, cost_per_sqft: 10, cost: 400 },
    ]);
    expect(groups.map((g) => [g.stage, g.cost, g.costPerSqft, g.lines.length])).toEqual([
      ['Site work', 150, 4, 2],
      ['Framing', 800, 20, 1],
      ['Pool', 400, 10, 1],
    ]);
  });
});

describe('sources as users see them', () => {
  it('names a known source by publisher, title and date, linked to its public page', () => {
    const s1 = publicSource(
      {
        id: 'S1',
        title:
          'National Association of Home Builders (NAHB), Economics and Housing Policy Group. Cost of Constructing a Home – 2024. Special Study for Housing Economics, January 2025.',
        url: 'https://www.nahb.org/-/media/NAHB/x.pdf',
      },
      0,
    );
    expect(s1).toMatchObject({
      publisher: 'National Association of Home Builders (NAHB)',
      title: 'Cost of Constructing a Home – 2024',
      date: 'January 2025',
    });
    expect(s1.url).toMatch(/^https:\/\/www\.nahb\.org\//);
  });

  it('never shows a repository: the transcription is named as such, without its address', () => {
    const s4 = publicSource(
      {
        id: 'S4',
        title: 'GitHub repository WickboldtCapital/btr-engine, file config.py, list NAHB_HEATED_DIVS: a transcription',
        url: 'https://github.com/WickboldtCapital/btr-engine/blob/main/config.py',
      },
      3,
    );
    expect(JSON.stringify(s4)).not.toMatch(/github|config\.py|btr-engine/i);
    const unknown = publicSource({ id: 'S77', title: 'GitHub repository a/b, file c.csv', url: null }, 0);
    expect(JSON.stringify(unknown)).not.toMatch(/github|c\.csv/i);
    expect(unknown.url).toBeNull();
  });

  it('reads an unknown citation: publisher, quoted title, last date; keeps only public links', () => {
    expect(
      publicSource(
        { id: 'S50', title: 'HomeAdvisor, "How Much Does a Deck Cost?", updated 31 January 2024', url: 'https://x.example/deck' },
        0,
      ),
    ).toEqual({
      id: 'S50',
      publisher: 'HomeAdvisor',
      title: 'How Much Does a Deck Cost?',
      date: '31 January 2024',
      url: 'https://x.example/deck',
    });
    expect(isPublicPage('https://raw.githubusercontent.com/a/b/main/x.csv')).toBe(false);
    expect(isPublicPage('data/sources.md')).toBe(false);
    expect(isPublicPage('https://www.fixr.com/costs/pool')).toBe(true);
  });

  it("uses the server's publisher, work and year when it sends them", () => {
    expect(
      publicSource(
        { id: 'S99', title: 'A long citation, 2025', publisher: 'NAHB', work: 'Cost of Constructing a Home', year: 2025, url: 'https://nahb.org/' },
        0,
      ),
    ).toEqual({ id: 'S99', publisher: 'NAHB', title: 'Cost of Constructing a Home', date: '2025', url: 'https://nahb.org/' });
    // A known id keeps its public page and its full date when the year agrees.
    const s4 = publicSource(
      {
        id: 'S4',
        title: 'GitHub repository WickboldtCapital/btr-engine, file config.py',
        url: null,
        publisher: 'National Association of Home Builders (NAHB)',
        work: 'Cost of Constructing a Home – 2024: component shares, as transcribed',
        year: 2025,
      },
      0,
    );
    expect(s4.title).toBe('Cost of Constructing a Home – 2024: component shares, as transcribed');
    expect(s4.date).toBe('January 2025');
    expect(s4.url).toMatch(/^https:\/\/www\.nahb\.org\//);
    expect(publicSource({ id: 'S13', title: 'x', publisher: 'HomeAdvisor', work: 'Paint', year: 2024, url: 'http://copy.example/' }, 0).url).toBe(
      'https://www.homeadvisor.com/cost/painting/paint-a-home-interior/',
    );
  });

  it('lists a publication once', () => {
    const e = parseEstimate({
      sources: [
        { id: 'X1', title: 'Acme, "Costs", 2024', url: null },
        { id: 'X2', title: 'Acme, "Costs", 2024', url: null },
      ],
    });
    expect(e.sources).toHaveLength(1);
  });
});

describe('estimate field messages', () => {
  it('turns the server field messages into what to do', () => {
    expect(fieldMessage('square_footage', 'is required')).toBe('Enter the square footage.');
    expect(fieldMessage('square_footage', 'must be a number')).toBe('Enter the square footage as a number, like 2400.');
    expect(fieldMessage('square_footage', 'must be greater than 0')).toBe('Enter a square footage above 0.');
    expect(fieldMessage('square_footage', 'must be at most 100000')).toBe('Enter at most 100,000 sq ft.');
    expect(fieldMessage('zip_code', 'is required')).toBe('Enter your zip code.');
    expect(fieldMessage('zip_code', 'must be a 5-digit US ZIP code')).toBe('Enter a 5-digit zip code, like 78701.');
    expect(fieldMessage('zip_code', 'is not a ZIP code of the 50 states or DC')).toMatch(/no cost data for this zip code/);
    expect(fieldMessage('zip_code', 'is odd.')).toBe('Check the zip code: is odd.');
  });

  it('places each problem beside its field, with no field names or codes in the text', () => {
    const err = new ApiError(400, 'validation_error', 'square_footage: is required', {
      square_footage: ['is required'],
      zip_code: ['is required'],
    });
    const p = estimateProblems(err);
    expect(p).toEqual({ fields: { square_footage: 'Enter the square footage.', zip_code: 'Enter your zip code.' }, message: null });
    expect(Object.values(p.fields).join(" ")).not.toMatch(/square_footage|zip_code|is required/);
  });

  it('gives one message for what no field can show', () => {
    expect(estimateProblems(new ApiError(500, 'internal', 'x')).message).toMatch(/had a problem/);
    expect(estimateProblems(new TypeError('Failed to fetch')).message).toMatch(/Could not reach the server/);
    expect(estimateProblems(new ApiError(400, 'invalid_query', 'Query deserialize error: x'))).toEqual({
      fields: {},
      message: 'Check the zip code and square footage, then try again.',
    });
    const mixed = estimateProblems(
      new ApiError(400, 'validation_error', 'x', { zip_code: ['is required'], project_type: ['is unknown'] }),
    );
    expect(mixed.fields).toEqual({ zip_code: 'Enter your zip code.' });
    expect(mixed.message).toBe('Check the zip code and square footage, then try again.');
  });

  it('finds blank fields before asking the server', () => {
    expect(blankFields({ zipCode: ' ', squareFootage: '' })).toEqual({
      zip_code: 'Enter your zip code.',
      square_footage: 'Enter the square footage.',
    });
    expect(blankFields({ zipCode: '78701', squareFootage: '2400' })).toEqual({});
  });
});
