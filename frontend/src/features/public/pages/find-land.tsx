import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';
import { PublicPage } from '../components/public-page';
import { VideoEmbed } from '../components/video-embed';
import { VIDEOS } from '../content/videos';
import { usePageMeta } from '../hooks/use-page-meta';

const SECTIONS = [
  ['goals', 'Set your goals and budget'],
  ['location', 'Search for the right location'],
  ['suitability', 'Check the land is suitable: zoning, soil, utilities, environment'],
  ['due-diligence', 'Do your due diligence: survey, title, permits'],
  ['negotiate', 'Negotiate and finance the purchase'],
  ['closing', 'Close on the land'],
  ['preparation', 'Prepare the land for building'],
  ['tips', 'Tips that save time and money'],
  ['pitfalls', 'Pitfalls to avoid'],
  ['conclusion', 'Conclusion'],
] as const;

const ext = { target: '_blank', rel: 'noopener noreferrer' } as const;

export default function FindLand() {
  usePageMeta({
    title: 'How to Find and Buy Land to Build a House: A 10-Step Guide | BuildLedger',
    description:
      'A step-by-step guide to buying land for a new home: budget, location, zoning, soil and utilities, survey and title, financing, closing and site preparation.',
    keywords: 'how to buy land, buying land to build a house, land loan, zoning, perc test, land survey, title insurance',
  });
  return (
    <PublicPage>
      <PageHeader eyebrow="Guide" title="How to Find and Buy Land">
        The lot you choose shapes your budget, your design and your schedule. Work through these ten steps before
        you sign anything.
      </PageHeader>

      <div className="pub-container pub-section pub-guide">
        <nav className="pub-toc" aria-label="Guide sections">
          <strong>In this guide</strong>
          <ol>
            {SECTIONS.map(([id, title]) => (
              <li key={id}>
                <a href={`#${id}`}>{title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="pub-prose">
          <VideoEmbed video={VIDEOS.findLand} />


          <section id="goals" aria-labelledby="goals-h">
            <h2 id="goals-h">1. Set your goals and budget</h2>
            <p>
              Decide what you are building before you decide where: the size and style of the house, how many
              bedrooms, whether you need room for a garage, a workshop or a future ADU, and how long you plan to stay.
              Those answers tell you how much land you need and what kind.
            </p>
            <p>
              Then set one budget for the whole project, not just the lot: land, site work, construction, fees and a
              contingency. For scale, the lot was about 13.7% of the average new-home sales price in the National
              Association of Home Builders’ 2024 cost survey, but site work on raw land (driveway, utilities, clearing,
              septic) can add tens of thousands of dollars on top of the purchase price.
            </p>
            <p>
              Talk to a lender early. Land loans usually need a larger down payment than a home mortgage, often 20% to
              50%, and a construction lender can tell you how much you can borrow for the whole build. Our{' '}
              <Link to="/house-affordability">affordability calculator</Link> and{' '}
              <Link to="/find-lender">lender finder</Link> are good places to start.
            </p>
          </section>

          <section id="location" aria-labelledby="location-h">
            <h2 id="location-h">2. Search for the right location</h2>
            <ul>
              <li>
                <strong>Daily life:</strong> commute times, schools, groceries, hospitals and emergency services.
                Drive there at rush hour and at night.
              </li>
              <li>
                <strong>Where to look:</strong> land listing sites, local real estate agents who specialise in land,
                builders (who often know of lots before they are listed) and the county’s online parcel map (GIS),
                which shows lot lines, owners and often zoning.
              </li>
              <li>
                <strong>The neighbourhood’s direction:</strong> planned roads, commercial development or annexation
                can change a quiet area. The city or county planning office can tell you what is proposed nearby.
              </li>
              <li>
                <strong>Resale:</strong> a home built far above the values around it is hard to appraise and to sell.
                Lenders appraise the finished home against nearby sales.
              </li>
            </ul>
          </section>

          <section id="suitability" aria-labelledby="suitability-h">
            <h2 id="suitability-h">3. Check the land is suitable</h2>
            <h3>Zoning and restrictions</h3>
            <p>
              Confirm with the planning or zoning office that a single-family home (or the ADU or duplex you have in
              mind) is allowed, and ask about minimum lot size, setbacks, height limits and lot coverage. In a
              subdivision, read the covenants (CC&amp;Rs) and any HOA rules: they can set minimum house size,
              materials or architectural review.
            </p>
            <h3>Soil and slope</h3>
            <p>
              Soil decides how expensive your foundation will be. A geotechnical (soils) report flags expansive clay,
              rock, fill or a high water table. Without a public sewer you will need a septic system, and the county
              will usually require a percolation (“perc”) or soil evaluation test to show the ground can absorb
              wastewater. Steep lots cost more to excavate and may need retaining walls.
            </p>
            <h3>Utilities and access</h3>
            <p>
              Find out where the nearest water, sewer, power, gas and internet connections are and ask each utility
              what it costs to bring service to your building site. Without public water you will need a well; ask
              neighbours how deep their wells are. Make sure the lot has legal access to a public road, not just a
              track across someone else’s land.
            </p>
            <h3>Environment</h3>
            <p>
              Look the parcel up on{' '}
              <a href="https://msc.fema.gov/portal/home" {...ext}>
                FEMA’s Flood Map Service Center
              </a>
              : building in a special flood hazard area means elevation requirements and usually required flood
              insurance with a federally backed mortgage. Check for wetlands on the{' '}
              <a href="https://www.fws.gov/program/national-wetlands-inventory" {...ext}>
                National Wetlands Inventory
              </a>
              , protected habitats, and past uses (old fuel tanks, dumping) that may call for an environmental
              assessment.
            </p>
          </section>

          <section id="due-diligence" aria-labelledby="dd-h">
            <h2 id="dd-h">4. Do your due diligence: survey, title, permits</h2>
            <ul>
              <li>
                <strong>Survey:</strong> a boundary survey by a licensed surveyor marks the corners and shows
                easements, encroachments and the buildable area once setbacks are applied.
              </li>
              <li>
                <strong>Title:</strong> a title search shows who owns the land and any liens, easements or
                restrictions recorded against it. Buy an owner’s title insurance policy to protect you from problems
                the search missed.
              </li>
              <li>
                <strong>Permits:</strong> ask the building department what permits you will need (building, septic,
                well, driveway, tree removal, grading) and how long they take. Ask whether impact fees or utility
                connection fees apply: in the NAHB 2024 survey, building permit, impact and water and sewer fees
                together averaged over $20,000 per new home.
              </li>
              <li>
                <strong>Mineral, water and access rights:</strong> in some states these can be sold separately from
                the land. Your title report and attorney can tell you what you are buying.
              </li>
            </ul>
          </section>

          <section id="negotiate" aria-labelledby="neg-h">
            <h2 id="neg-h">5. Negotiate and finance the purchase</h2>
            <p>
              Compare the asking price with recent sales of similar lots (your agent or the county’s sales records
              can show them), and price in what the lot still needs: a lot with utilities at the street is worth more
              than one without. Make your offer contingent on the checks above: a feasibility period, a satisfactory
              survey, a passing perc test, zoning approval and financing.
            </p>
            <p>Ways to pay for land:</p>
            <ul>
              <li>
                <strong>Cash</strong>, the simplest, and the lot then counts as equity toward your construction loan.
              </li>
              <li>
                <strong>A land or lot loan</strong> from a bank or credit union. Expect larger down payments (often 20%
                to 50%) and higher rates than a mortgage, especially for raw land with no utilities.
              </li>
              <li>
                <strong>A construction-to-permanent loan</strong> that includes the lot, so one closing pays for the
                land, the build and your long-term mortgage. <Link to="/find-lender">See lenders by state</Link>.
              </li>
              <li>
                <strong>Seller financing</strong>, where the owner carries the loan. Have an attorney review the terms.
              </li>
            </ul>
          </section>

          <section id="closing" aria-labelledby="closing-h">
            <h2 id="closing-h">6. Close on the land</h2>
            <p>
              A title company or real estate attorney handles closing. Before you sign, read the settlement statement,
              confirm the legal description matches the survey and that every contingency has been met or waived. At
              closing you pay the down payment and closing costs, the deed is signed and then recorded with the county,
              and your title insurance policy is issued. Keep copies of the survey, deed, title policy and any perc or
              soil reports: your builder, lender and permit office will ask for them.
            </p>
          </section>

          <section id="preparation" aria-labelledby="prep-h">
            <h2 id="prep-h">7. Prepare the land for building</h2>
            <ul>
              <li>Get bids for clearing, tree removal and grading, and for a driveway or culvert if needed.</li>
              <li>Order utility connections early: some utilities take months to schedule.</li>
              <li>Drill the well and install the septic system once their permits are issued.</li>
              <li>Install erosion and sediment controls where the permit requires them.</li>
              <li>Stake the house position with your surveyor so it meets setbacks.</li>
            </ul>
            <p>
              Add each of these as a task in BuildLedger with its quote so site costs are in your budget from day one.
            </p>
          </section>

          <section id="tips" aria-labelledby="tips-h">
            <h2 id="tips-h">8. Tips that save time and money</h2>
            <ul>
              <li>Walk the lot after heavy rain to see where water collects and flows.</li>
              <li>Bring your builder or an engineer to look at the lot before you make an offer.</li>
              <li>Ask the neighbours about drainage, wells, septic and anything planned nearby.</li>
              <li>A lot in an established subdivision often has utilities, roads and approvals in place.</li>
              <li>Call your insurance agent early if the lot is in a flood, wildfire or coastal wind zone.</li>
            </ul>
          </section>

          <section id="pitfalls" aria-labelledby="pitfalls-h">
            <h2 id="pitfalls-h">9. Pitfalls to avoid</h2>
            <ul>
              <li>Buying before confirming the lot can pass a perc test or get a septic permit.</li>
              <li>Assuming utilities are “available” without a written cost to connect them.</li>
              <li>Skipping the survey and discovering an easement or setback that leaves no room for your plans.</li>
              <li>Missing restrictive covenants, HOA rules or architectural review requirements.</li>
              <li>No legal road access, or access only through an informal agreement with a neighbour.</li>
              <li>Spending the whole budget on land and leaving too little for construction.</li>
            </ul>
          </section>

          <section id="conclusion" aria-labelledby="conclusion-h">
            <h2 id="conclusion-h">10. Conclusion</h2>
            <p>
              The right lot is one you can afford to buy and to build on. Set a full budget, check zoning, soil,
              utilities and flood risk before you commit, make your offer contingent on those checks, and line up
              financing early. Then track every site cost alongside your construction budget.
            </p>
            <div className="pub-actions">
              <Link className="btn btn-primary btn-lg" to="/checklist">
                See the full building checklist
              </Link>
              <Link className="btn btn-ghost btn-lg" to="/resource-hub">
                Back to the Resource Hub
              </Link>
            </div>
          </section>
        </article>
      </div>
    </PublicPage>
  );
}
