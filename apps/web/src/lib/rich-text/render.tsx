import { Fragment, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { ExternalLink } from 'lucide-react';
import { ControlledVideoEmbed, InstagramEmbed } from './embeds';
import type { BlockNode, InlineNode } from './nodes';
import { parseRichText, type RichTextFormat } from './parse';
import { hostOf, safeImageSrc } from './urls';
import { youtubeEmbedUrl } from './youtube';
import { COMMON_TEXTS } from '@/lib/texts';

/**
 * Nodes → React elements. Text is always a React text child (escaped by React), never HTML; a link's address
 * is checked again here so only http(s) can ever reach an href, whatever produced the node.
 */

export function safeHref(href: string): string | null {
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The profile panel's address for a username, on the current page (other panels' parameters kept). */
export function mentionSearch(search: string, username: string): string {
  const params = new URLSearchParams(search);
  params.set('profile', `@${username}`);
  return `?${params.toString()}`;
}

/** `@username` as a link to that person's profile panel (it resolves the name; an unknown one says so). */
function Mention({ username }: { username: string }) {
  const location = useLocation();
  return (
    <Link
      to={{ pathname: location.pathname, search: mentionSearch(location.search, username) }}
      preventScrollReset
      // A mention inside a clickable post card opens the profile, not the post.
      onClick={(event) => event.stopPropagation()}
      className="rounded-sm font-semibold text-accent-fg hover:underline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
    >
      @{username}
    </Link>
  );
}

export function renderInline(nodes: readonly InlineNode[], keyPrefix = ''): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${keyPrefix}${index}`;
    switch (node.type) {
      case 'text':
        return <Fragment key={key}>{node.text}</Fragment>;
      case 'strong':
        return (
          <strong key={key} className={cn('font-semibold text-fg', node.level === 2 && 'text-[1.15em] font-bold')}>
            {renderInline(node.children, `${key}.`)}
          </strong>
        );
      case 'link': {
        const href = safeHref(node.href);
        if (!href) return <Fragment key={key}>{renderInline(node.children, `${key}.`)}</Fragment>;
        return (
          <a
            key={key}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-accent-fg underline decoration-1 underline-offset-2 hover:decoration-2"
          >
            {renderInline(node.children, `${key}.`)}
          </a>
        );
      }
      case 'mention':
        return <Mention key={key} username={node.username} />;
      case 'button': {
        const href = safeHref(node.href);
        if (!href) return <Fragment key={key}>{node.label}</Fragment>;
        // The host beside the label, as the social chips show it: a label alone can promise one site and open
        // another (decision 0012 e). A label that already is the host is not repeated.
        const host = hostOf(href);
        return (
          <a
            key={key}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(
              'mx-0.5 my-1 inline-flex max-w-full items-center gap-1.5 rounded-lg bg-brand-600 px-3 py-1.5 align-middle text-sm font-semibold',
              'text-white no-underline shadow-sm transition-colors hover:bg-brand-700',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            )}
          >
            <span className="min-w-0 [overflow-wrap:anywhere]">{node.label}</span>
            {host !== node.label && (
              <>
                {' '}
                <span className="min-w-0 text-xs font-normal [overflow-wrap:anywhere]">{host}</span>
              </>
            )}
            <ExternalLink className="size-3.5 shrink-0" aria-hidden />
          </a>
        );
      }
    }
  });
}

/** A 16:9 privacy-enhanced YouTube player, loaded when scrolled near. */
export function VideoEmbed({ node, title = COMMON_TEXTS.youtubeVideo }: { node: Extract<BlockNode, { type: 'video' }>; title?: string }) {
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-surface-strong">
      <iframe
        src={youtubeEmbedUrl(node)}
        title={title}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        className="absolute inset-0 size-full border-0"
      />
    </div>
  );
}

export interface RenderOptions {
  /** Videos play muted while 60% visible and pause otherwise (post text); otherwise the viewer clicks play. */
  controlledVideos?: boolean;
  /** Makes each image a button that opens it (the post lightbox); without it images are plain pictures. */
  onOpenImage?: (src: string) => void;
}

/**
 * An image of the text: an https address or an `/uploads/` path, checked again here. The writer gave no
 * description, so the picture itself is unnamed; as a button it is named by what it does ("Open image").
 */
function TextImage({ src, onOpen }: { src: string; onOpen?: (src: string) => void }) {
  const safe = safeImageSrc(src);
  if (!safe) return null;
  const image = (
    <img
      src={safe}
      alt=""
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      className="block max-h-[560px] max-w-full rounded-xl border border-line bg-surface-muted object-contain"
    />
  );
  if (!onOpen) return image;
  return (
    <button
      type="button"
      aria-label={COMMON_TEXTS.openImage}
      onClick={() => onOpen(safe)}
      className="block max-w-full cursor-zoom-in rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      {image}
    </button>
  );
}

export function renderBlocks(blocks: readonly BlockNode[], options: RenderOptions = {}): ReactNode[] {
  return blocks.map((block, index) => {
    switch (block.type) {
      case 'paragraph':
        // pre-wrap keeps the writer's line breaks; overflow-wrap:anywhere breaks a huge unbroken string.
        return (
          <p key={index} className="break-words whitespace-pre-wrap [overflow-wrap:anywhere]">
            {renderInline(block.children, `${index}.`)}
          </p>
        );
      case 'video':
        return options.controlledVideos ? <ControlledVideoEmbed key={index} node={block} /> : <VideoEmbed key={index} node={block} />;
      case 'image':
        return <TextImage key={index} src={block.src} onOpen={options.onOpenImage} />;
      case 'instagram':
        return <InstagramEmbed key={index} node={block} />;
    }
  });
}

interface RichTextProps {
  text: string | null | undefined;
  format: RichTextFormat;
  className?: string;
  /** Shown when the text has nothing to show (SPEC §2: "Nothing to show here..."). */
  empty?: ReactNode;
  /** See `RenderOptions.onOpenImage`. */
  onOpenImage?: (src: string) => void;
}

/** Parses and renders a user's text with the given format's rules. */
export function RichText({ text, format, className, empty = null, onOpenImage }: RichTextProps) {
  const blocks = parseRichText(text, format);
  if (blocks.length === 0) return <>{empty}</>;
  return (
    <div className={cn('min-w-0 space-y-3 text-[15px] leading-relaxed text-fg', className)}>
      {renderBlocks(blocks, { controlledVideos: format.controlledVideos, onOpenImage })}
    </div>
  );
}
