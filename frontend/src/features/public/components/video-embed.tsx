import { useState } from 'react';
import type { VideoConfig } from '../content/videos';

/**
 * Click-to-load YouTube player. Until the visitor presses play nothing is fetched
 * from YouTube; then the privacy-enhanced youtube-nocookie.com player is embedded.
 */
export function VideoEmbed({ video }: { video: VideoConfig }) {
  const [playing, setPlaying] = useState(false);
  const src = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.youtubeId)}?autoplay=1&rel=0`;
  return (
    <figure className="pub-video">
      <div className="pub-video-frame">
        {playing ? (
          <iframe
            src={src}
            title={`${video.title} (video)`}
            loading="lazy"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <button type="button" className="pub-video-play" onClick={() => setPlaying(true)}>
            <span className="pub-video-icon" aria-hidden="true">
              <svg width="26" height="26" viewBox="0 0 24 24" fill="#ffffff">
                <path d="M8 5v14l11-7z" />
              </svg>
            </span>
            <span className="pub-video-title">Play video: {video.title}</span>
            <span className="pub-video-sub">
              {video.channel}
              {video.duration ? ` · ${video.duration}` : ''} · loads from YouTube when you press play
            </span>
          </button>
        )}
      </div>
      <figcaption>
        {video.summary}{' '}
        <a href={`https://www.youtube.com/watch?v=${encodeURIComponent(video.youtubeId)}`} target="_blank" rel="noopener noreferrer">
          Watch on YouTube<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </figcaption>
    </figure>
  );
}
