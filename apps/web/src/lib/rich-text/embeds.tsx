import { useEffect, useRef } from 'react';
import type { BlockNode } from './nodes';
import { instagramEmbedUrl } from './urls';
import { YOUTUBE_PLAYER_ORIGIN, youtubeEmbedUrl } from './youtube';
import { COMMON_TEXTS } from '@/lib/texts';

/** SPEC §2: an embedded video in a post plays (muted) once this share of it is visible, and pauses below it. */
export const VIDEO_VISIBLE_RATIO = 0.6;
/**
 * The player starts listening for commands a moment after its frame's load event; the wanted state is sent again
 * at these delays (ms after load). Each message says "be playing" or "be paused", so repeats are harmless.
 */
const RESEND_AFTER_LOAD_MS = [0, 500, 1500];

type PlayerCommand = 'mute' | 'playVideo' | 'pauseVideo';

/** The YouTube IFrame player's postMessage protocol (the player answers only with `enablejsapi=1`). */
export function playerMessage(func: PlayerCommand): string {
  return JSON.stringify({ event: 'command', func, args: [] });
}

/**
 * A post's video: the privacy-enhanced player with its JS API on, muted; an IntersectionObserver plays it while at
 * least 60% of it is on screen and pauses it otherwise. Messages go to the player's origin only.
 */
export function ControlledVideoEmbed({
  node,
  title = COMMON_TEXTS.youtubeVideo,
}: {
  node: Extract<BlockNode, { type: 'video' }>;
  title?: string;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const visible = useRef(false);
  const timers = useRef<number[]>([]);

  const send = (func: PlayerCommand) => frame.current?.contentWindow?.postMessage(playerMessage(func), YOUTUBE_PLAYER_ORIGIN);
  const sendWanted = () => {
    send('mute');
    send(visible.current ? 'playVideo' : 'pauseVideo');
  };

  useEffect(() => {
    const element = frame.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        const now = entry.isIntersecting && entry.intersectionRatio >= VIDEO_VISIBLE_RATIO;
        if (now === visible.current) return;
        visible.current = now;
        sendWanted();
      },
      { threshold: [0, VIDEO_VISIBLE_RATIO, 1] },
    );
    observer.observe(element);
    const pending = timers.current;
    return () => {
      observer.disconnect();
      pending.forEach((t) => window.clearTimeout(t));
    };
    // The observer is set up once per frame; `sendWanted` reads refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onLoad = () => {
    timers.current.forEach((t) => window.clearTimeout(t));
    timers.current = RESEND_AFTER_LOAD_MS.map((ms) => window.setTimeout(sendWanted, ms));
  };

  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-surface-strong">
      <iframe
        ref={frame}
        src={youtubeEmbedUrl(node, { controlled: true })}
        title={title}
        loading="lazy"
        onLoad={onLoad}
        referrerPolicy="strict-origin-when-cross-origin"
        allow="autoplay; accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        className="absolute inset-0 size-full border-0"
      />
    </div>
  );
}

/** A photo-sharing post or reel through its embed page (no third-party script on ours). */
export function InstagramEmbed({ node }: { node: Extract<BlockNode, { type: 'instagram' }> }) {
  return (
    <div className="w-full max-w-[540px] overflow-hidden rounded-xl border border-line bg-surface">
      <iframe
        src={instagramEmbedUrl(node)}
        title={node.kind === 'reel' ? COMMON_TEXTS.instagramReel : COMMON_TEXTS.instagramPost}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        allow="encrypted-media; fullscreen"
        className="block h-[600px] max-h-[80vh] w-full border-0"
      />
    </div>
  );
}
