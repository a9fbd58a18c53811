// How the landing estimate names its sources. `GET /api/estimate/` answers each source as
// `{id, title, url}`, where `title` is the whole citation of data/sources.md (publisher, title,
// date and notes in one string) and `url` may be a file, a copy or missing. Users see the
// publisher, the title and the date, linked to the source's public page; never a repository or
// file. Known ids are described here (from data/sources.md); an id this table does not know is
// read from the citation (publicSource in ../api/estimate.ts).
export interface SourceCard {
  publisher: string;
  title: string;
  date: string | null;
  /** The source's public page; null when there is none to link. Absent: the server's url. */
  url?: string | null;
}

const NAHB = 'National Association of Home Builders (NAHB)';
const NAHB_STUDY =
  'https://www.nahb.org/news-and-economics/housing-economics-plus/special-studies/special-studies-pages/cost-of-constructing-a-home-in-2024';

export const SOURCE_CARDS: Record<string, SourceCard> = {
  S1: { publisher: NAHB, title: 'Cost of Constructing a Home – 2024', date: 'January 2025', url: NAHB_STUDY },
  S2: {
    publisher: 'Pennsylvania Association of Realtors',
    title: 'How much did home construction cost in 2024?',
    date: '2025',
  },
  S3: { publisher: 'Seattle Agent Magazine', title: 'NAHB: how much to build a new home, 2024', date: '24 January 2025' },
  S4: {
    publisher: `${NAHB}, as transcribed by a secondary source`,
    title: 'Cost of Constructing a Home – 2024: shares of its 36 cost components',
    date: 'January 2025',
    url: NAHB_STUDY,
  },
  S6: {
    publisher: 'U.S. Army Corps of Engineers',
    title: 'Civil Works Construction Cost Index System (EM 1110-2-1304), Table 3: State Adjustment Factors',
    date: '31 March 2026',
  },
  S9: {
    publisher: 'U.S. Postal Service',
    title: '3-digit ZIP Code prefixes (Domestic Mail Manual L002)',
    date: null,
    url: null,
  },
  S10: { publisher: 'Zonda / JLC (Remodeling magazine)', title: 'Cost vs. Value Report 2025 – National', date: '2025' },
  S11: { publisher: 'Remodeling magazine (Zonda)', title: 'Cost vs. Value 2023: methodology', date: '2023' },
  S12: { publisher: "Today's Homeowner", title: 'ROI of Your Home Remodel', date: '2023' },
  S13: {
    publisher: 'HomeAdvisor',
    title: 'How Much Does It Cost to Paint the Interior of a House?',
    date: '31 January 2024',
    url: 'https://www.homeadvisor.com/cost/painting/paint-a-home-interior/',
  },
  S14: { publisher: 'HomeAdvisor', title: 'How Much Does it Cost to Paint a Home Exterior?', date: null },
  S15: {
    publisher: 'HomeAdvisor',
    title: 'How Much Does It Cost to Install or Replace an HVAC System?',
    date: '12 July 2021',
  },
  S16: {
    publisher: 'HomeAdvisor',
    title: 'Water heater installation cost guide',
    date: '2024',
    url: 'https://www.homeadvisor.com/cost/plumbing/install-a-water-heater/',
  },
  S17: { publisher: 'Fixr', title: 'In-ground Swimming Pool Cost', date: null },
  S18: { publisher: 'Consumer Reports', title: 'Flooring Buying Guide', date: null },
  S19: {
    publisher: 'National Association of Realtors and National Association of the Remodeling Industry',
    title: '2022 Remodeling Impact Report',
    date: 'April 2022',
    url: 'https://www.nar.realtor/research-and-statistics/research-reports/remodeling-impact',
  },
  S20: { publisher: 'Houzz', title: 'U.S. Houzz Bathroom Trends Study', date: '2024' },
  S21: { publisher: 'EngineerFix', title: 'How Much Does a Wood Fence Cost Per Foot?', date: null },
  S22: { publisher: 'Silver Elm Studio (architects)', title: 'How much will my project cost?', date: null },
  S24: { publisher: 'KraftMaid', title: 'Budgeting Basics', date: null },
};
