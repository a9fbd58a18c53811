// Lenders that advertise construction or construction-to-permanent (one-time close)
// home loans, each linked to its own construction-loan page.
//
// `states` is where the lender itself says the product is available, or, where the
// lender does not publish a list, the states its branch network covers (said so in
// `area`). 'ALL' means the lender offers mortgages nationwide. Availability changes:
// the page tells visitors to confirm with the lender, and this list should be
// re-checked against the linked pages before each release.
//
// Sources (the lender's own page unless noted):
// - U.S. Bank: usbank.com construction-loans page, "one-time close construction-to-permanent",
//   through "construction-certified mortgage loan officers". U.S. Bank makes ordinary
//   mortgages nationwide, but we only claim its branch states for construction loans.
// - PNC: construction & lot loans page: "only available to customers with collateral in
//   Alabama, Arizona, California, Colorado, Florida, New Mexico, Texas and Washington".
// - TD Bank: tdbank.com "Getting a Construction Loan to Build or Renovate Your Home"
//   (no FHA/VA construction, no condos/co-ops); branch states Maine to Florida.
// - Fifth Third: 53.com construction loans (construction-to-permanent, one-time closing);
//   branch states.
// - Georgia's Own Credit Union: single-close construction loans; Georgia.
// - First Bank & Trust Company: construction-to-permanent; "Mortgage Lenders in Virginia,
//   Tennessee or North Carolina".
// - Needham Bank: construction-to-permanent mortgages; Massachusetts bank.
// - F&M Bank (Archbold, Ohio): construction loans; "across Ohio, Indiana and Michigan".
// - Downriver Community Federal Credit Union: One-Time Close Construction Loan; Michigan.
// - First Interstate Bank: All-in-One construction loan; branch states (Arizona and Kansas
//   left out: not confirmed for construction lending).
// - Truist heritage SunTrust page listed AL, AR, DC, DE, FL, GA, MD, MS, NC, PA, SC, TN,
//   VA, WV; not listed here because the current truist.com page could not be checked.

export type LenderKind = 'Bank' | 'Credit union';

export interface Lender {
  id: string;
  name: string;
  kind: LenderKind;
  url: string;
  /** Two-letter codes (DC for Washington, D.C.), or 'ALL' for a nationwide lender. */
  states: readonly string[] | 'ALL';
  /** Where it lends, in words, as shown on the card. */
  area: string;
  /** True when `area` already names every state, so the card needs no state list. */
  areaNamesStates?: boolean;
  /** What the lender offers, in one sentence. */
  summary: string;
}

export const LENDERS: readonly Lender[] = [
  {
    id: 'us-bank',
    name: 'U.S. Bank',
    kind: 'Bank',
    url: 'https://www.usbank.com/home-loans/mortgage/construction-loans.html',
    states: ['AZ', 'AR', 'CA', 'CO', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'MN', 'MO', 'MT', 'NE', 'NV', 'NM', 'NC', 'ND', 'OH', 'OR', 'SD', 'TN', 'UT', 'WA', 'WI', 'WY'],
    area: 'Its 26 branch states, mostly in the Midwest and West',
    summary:
      'One-time close construction-to-permanent loans with fixed or adjustable rates, plus lot loans; handled by construction-certified loan officers.',
  },
  {
    id: 'pnc',
    name: 'PNC Bank',
    kind: 'Bank',
    url: 'https://www.pnc.com/en/personal-banking/borrowing/home-lending/construction-and-lot-loans.html',
    states: ['AL', 'AZ', 'CA', 'CO', 'FL', 'NM', 'TX', 'WA'],
    area: 'Alabama, Arizona, California, Colorado, Florida, New Mexico, Texas and Washington (property must be in one of these states)',
    areaNamesStates: true,
    summary: 'Construction-to-permanent and renovation-to-permanent financing, and lot loans.',
  },
  {
    id: 'td-bank',
    name: 'TD Bank',
    kind: 'Bank',
    url: 'https://www.tdbank.com/mortgages/buy_home_build.html',
    states: ['CT', 'DE', 'DC', 'FL', 'ME', 'MD', 'MA', 'NH', 'NJ', 'NY', 'NC', 'PA', 'RI', 'SC', 'VT', 'VA'],
    area: 'East Coast branch states, Maine to Florida, and Washington, D.C.',
    summary:
      'Construction loans for building on your own lot or buying from a builder who needs progress payments; one closing, interest-only payments while you build.',
  },
  {
    id: 'fifth-third',
    name: 'Fifth Third Bank',
    kind: 'Bank',
    url: 'https://www.53.com/content/fifth-third/en/personal-banking/borrowing-basics/mortgage/construction-loan.html',
    states: ['OH', 'KY', 'IN', 'MI', 'IL', 'FL', 'TN', 'WV', 'GA', 'NC', 'SC'],
    area: 'Midwest and Southeast branch states',
    summary:
      'Construction-to-permanent loans for a primary residence or second home, one-time closing, conforming and jumbo amounts; the land purchase can be included.',
  },
  {
    id: 'georgias-own',
    name: "Georgia's Own Credit Union",
    kind: 'Credit union',
    url: 'https://www.georgiasown.org/mortgage/construction-loans',
    states: ['GA'],
    area: 'Georgia (credit union membership required)',
    summary:
      'Single-close construction loans: interest-only payments while you build, then a 15-, 20- or 30-year fixed rate.',
  },
  {
    id: 'first-bank-trust',
    name: 'First Bank & Trust Company',
    kind: 'Bank',
    url: 'https://firstbank.com/mortgage/build/construction-to-permanent',
    states: ['VA', 'TN', 'NC'],
    area: 'Virginia, Tennessee and North Carolina',
    summary:
      'Single-close construction-to-permanent loans that can cover land, materials and permit fees, then become a regular mortgage.',
  },
  {
    id: 'needham-bank',
    name: 'Needham Bank',
    kind: 'Bank',
    url: 'https://www.needhambank.com/personal/construction-to-permanent-mortgages-746',
    states: ['MA'],
    area: 'Massachusetts',
    summary:
      'Construction-to-permanent mortgages for full builds and major renovations, with one application and one closing.',
  },
  {
    id: 'fm-bank',
    name: 'F&M Bank',
    kind: 'Bank',
    url: 'https://fm.bank/personal/borrow/construction-loans',
    states: ['OH', 'IN', 'MI'],
    area: 'Ohio, Indiana and Michigan',
    summary:
      'Construction loans for a primary residence or second home, drawn in stages and converted to a mortgage when the build ends.',
  },
  {
    id: 'downriver-cfcu',
    name: 'Downriver Community Federal Credit Union',
    kind: 'Credit union',
    url: 'https://downrivercu.mortgagecenter.com/ready-to-purchase/construction',
    states: ['MI'],
    area: 'Michigan (credit union membership required)',
    summary:
      'One-Time Close Construction Loan: draws during the build with interest-only payments, then automatic conversion to a mortgage.',
  },
  {
    id: 'first-interstate',
    name: 'First Interstate Bank',
    kind: 'Bank',
    url: 'https://www.firstinterstatebank.com/personal/borrowing/construction-loans.php',
    states: ['CO', 'ID', 'IA', 'MN', 'MO', 'MT', 'NE', 'ND', 'OR', 'SD', 'WA', 'WY'],
    area: 'Mountain West, Northwest and Plains branch states',
    summary:
      'All-in-One construction-to-permanent loans (conforming and jumbo) with interest-only payments during the build and no need to requalify, plus construction-only and renovation loans.',
  },
];
