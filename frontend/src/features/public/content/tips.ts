// "10 tips to save money building a house" (spec section 2). The figures quoted on the
// article page come from the NAHB 2024 cost survey (nahb.org, "Cost of Constructing a
// Home – 2024"); the tips themselves are general, widely published building practice.
export interface Tip {
  title: string;
  body: string[];
}

export const TIPS: Tip[] = [
  {
    title: 'Set a realistic budget, with a contingency',
    body: [
      'Start from what you can borrow and what you have saved, then split it into land, site work, construction, fees and a contingency of 10 to 20% for surprises and changes.',
      'Write the budget down task by task. A budget that lives only in your head cannot warn you when framing comes in $8,000 over.',
    ],
  },
  {
    title: 'Separate must-haves from nice-to-haves',
    body: [
      'List what you cannot live without (bedrooms, a ground-floor suite, a garage) and what you would merely like (a wine room, heated floors).',
      'Price the nice-to-haves separately. Many can be added later, such as a finished basement or an outdoor kitchen, while structure, plumbing locations and insulation are far cheaper to get right the first time.',
    ],
  },
  {
    title: 'Choose your lot carefully',
    body: [
      'A cheap lot can be the most expensive one to build on. Steep slopes, rock, poor soil, no sewer or a long run to the power line can add tens of thousands of dollars of site work.',
      'A level lot with utilities at the street, in an area with clear zoning, keeps site costs predictable. Get quotes for site work before you buy.',
    ],
  },
  {
    title: 'Pick an architecture that fits the budget',
    body: [
      'Stock or semi-custom plans cost far less than a fully custom design and have usually been built before, so their problems are known.',
      'If you use an architect, give them your budget on day one and ask for cost feedback at each design stage, not only at the end.',
    ],
  },
  {
    title: 'Keep the shape simple',
    body: [
      'Every corner, bump-out and roof valley adds framing, flashing and labour. A rectangle or square footprint under a simple gable roof encloses the most space for the least wall and roof area.',
      'Building up (two storeys) instead of out also shrinks the foundation and roof, two of the costliest parts of a house.',
    ],
  },
  {
    title: 'Group the plumbing',
    body: [
      'Place kitchen, bathrooms and laundry back to back or stacked above each other so they share walls, drains and vents.',
      'Shorter pipe runs cost less to install, and hot water reaches the tap sooner, wasting less water and energy.',
    ],
  },
  {
    title: 'Design multi-use spaces',
    body: [
      'Every square foot is paid for, so make rooms work twice: a guest room that is also an office, a dining area open to the kitchen, a mudroom that doubles as laundry.',
      'A smaller, well-planned house costs less to build, heat, cool, insure and tax.',
    ],
  },
  {
    title: 'Place the house well on the lot',
    body: [
      'Close to the street means a shorter driveway and shorter utility runs. Working with the natural grade means less excavation and fewer retaining walls.',
      'Facing the long side of the house south, with overhangs, lets you use winter sun and shade in summer, which trims heating and cooling bills for as long as you live there.',
    ],
  },
  {
    title: 'Choose materials wisely',
    body: [
      'Standard sizes waste less: design wall heights and room dimensions around common lumber, drywall and sheathing sizes.',
      'Durable, low-maintenance materials (fibre-cement or vinyl siding, metal or architectural shingle roofs) can cost less over the life of the house than cheaper ones you replace sooner. Ask suppliers about overstock and discontinued lines for finishes.',
    ],
  },
  {
    title: 'Mix high-end and low-end materials',
    body: [
      'Spend where you touch and see every day: the kitchen worktop, the front door, the main living floor. Save in closets, secondary bedrooms, the garage and utility spaces.',
      'One statement item, such as a stone island or a tiled shower wall, gives a room its character at a fraction of the cost of upgrading everything.',
    ],
  },
];
