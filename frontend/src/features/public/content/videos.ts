// Videos shown on the public pages. They are embedded privacy-enhanced
// (youtube-nocookie.com) and only after the visitor presses play, so no YouTube
// request is made while a page loads. Swap an entry here to change a page's video.
export interface VideoConfig {
  youtubeId: string;
  title: string;
  channel: string;
  /** One sentence on why it is worth watching, shown beside the player. */
  summary: string;
  duration?: string;
}

const buyingLand: VideoConfig = {
  youtubeId: 'KrfyP8Iz3xg',
  title: 'Buying Land for Your New Home, Part I',
  channel: 'The Open Book Build',
  summary:
    'A builder walks a real lot and points out the checks to make before you buy: sidewalks the owner must pay for, utility and storm connections, and other costs that are easy to miss.',
};

export const VIDEOS = {
  findLand: buyingLand,
  // The lot is one of the biggest levers on cost (tip 3), so the article uses the same walkthrough.
  blogSaveMoney: {
    ...buyingLand,
    summary:
      'Tip 3 in action: a builder walks a lot and shows the site costs (sidewalks, utility and storm connections) that make one lot cheaper to build on than another.',
  },
  about: {
    ...buyingLand,
    summary:
      'Most builds start with a piece of land. This walkthrough shows the kind of homework BuildLedger wants to make easier: knowing the costs before you commit.',
  },
} satisfies Record<string, VideoConfig>;
