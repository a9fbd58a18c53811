import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';
import { PublicPage } from '../components/public-page';
import { VideoEmbed } from '../components/video-embed';
import { TIPS } from '../content/tips';
import { VIDEOS } from '../content/videos';
import { usePageMeta } from '../hooks/use-page-meta';

export default function BlogSaveMoney() {
  usePageMeta({
    title: '10 Tips to Save Money When Building a House | BuildLedger',
    description:
      'Ten practical ways to cut the cost of building a home: budget and contingency, lot choice, simple shapes, grouped plumbing, multi-use rooms, smart materials and more.',
    keywords: 'save money building a house, cost to build a house, home building tips, construction budget',
  });
  return (
    <PublicPage>
      <PageHeader eyebrow="Blog" title="10 Tips to Save Money When Building a House">
        The cheapest savings happen on paper, before anything is built. Here are ten decisions that keep a custom
        home on budget.
      </PageHeader>
      <div className="pub-container pub-section">
        <article className="pub-prose">
          <p>
            In the National Association of Home Builders’ 2024 survey, construction alone averaged $428,215 for a
            2,647-square-foot new home, about $162 per square foot, before the cost of the lot. Small design choices
            move that number by tens of thousands of dollars in either direction.
          </p>
          <ol className="pub-steps" style={{ marginTop: 24 }}>
            {TIPS.map((tip, i) => (
              <li key={tip.title} className="pub-step">
                <span className="pub-step-num" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <h2 style={{ marginTop: 4, fontSize: '1.25rem' }}>
                    <span className="visually-hidden">Tip {i + 1}: </span>
                    {tip.title}
                  </h2>
                  {tip.body.map((p) => (
                    <p key={p.slice(0, 24)}>{p}</p>
                  ))}
                  {i === 2 && <VideoEmbed video={VIDEOS.blogSaveMoney} />}
                </div>
              </li>
            ))}
          </ol>

          <div className="pub-callout" style={{ marginTop: 32 }}>
            <h2 style={{ marginTop: 0 }}>Put the tips to work</h2>
            <p>
              BuildLedger predicts each task’s cost for your zip code and shows your actual costs against it, so you
              see where the money goes while you can still change course.
            </p>
            <div className="pub-actions">
              <Link className="btn btn-primary btn-lg" to="/signup">
                Signup
              </Link>
              <Link className="btn btn-ghost btn-lg" to="/checklist">
                Building checklist
              </Link>
            </div>
          </div>
        </article>
      </div>
    </PublicPage>
  );
}
