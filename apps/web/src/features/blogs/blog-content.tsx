import { INTRO_FORMAT, mentionRule, RichText, type RichTextFormat } from '@/lib/rich-text';
import { splitCodeBlocks } from '@/lib/rich-text/code-blocks';
import { BLOG_TEXTS } from './texts';

/**
 * The shared renderer's format for blog text between code blocks. Today it is bold, ***bigger bold*** (the editor's
 * Heading), bracketed videos and @mentions (links to the profile: a blog's mentions notify, issue 12 §2.9); when
 * the shared post format (images, embeds, button links, bare URLs: the discussions issue) lands, use it here and
 * drop `splitImages` below, which stands in for its image rule.
 */
export const BLOG_FORMAT: RichTextFormat = { ...INTRO_FORMAT, inlines: [...INTRO_FORMAT.inlines, mentionRule] };

/**
 * "[/uploads/…/name.ext]": an image Agora stored (the editor's Add Image inserts these). Only same-origin uploads
 * become images: the Content-Security-Policy allows no other image source.
 */
const UPLOADED_IMAGE = /\[[ \t]*(\/uploads\/[a-z]+\/[A-Za-z0-9_-]+\.(?:jpg|jpeg|png|gif|webp|avif))[ \t]*\]/g;

type TextPiece = { type: 'text'; text: string } | { type: 'image'; src: string };

export function splitImages(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let from = 0;
  for (const match of text.matchAll(UPLOADED_IMAGE)) {
    if (match.index > from) pieces.push({ type: 'text', text: text.slice(from, match.index) });
    pieces.push({ type: 'image', src: match[1]! });
    from = match.index + match[0].length;
  }
  if (from < text.length) pieces.push({ type: 'text', text: text.slice(from) });
  return pieces;
}

/** A fenced code block: kept exactly as typed, scrolled sideways when long (focusable, so keyboards can scroll it). */
function CodeBlock({ code, language }: { code: string; language: string | null }) {
  const label = language ? BLOG_TEXTS.codeIn(language) : BLOG_TEXTS.code;
  return (
    <figure className="min-w-0">
      {language ? <figcaption className="mb-1 text-xs font-medium tracking-wide text-fg-subtle uppercase">{language}</figcaption> : null}
      <pre
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to scroll by keyboard
        tabIndex={0}
        role="region"
        aria-label={label}
        className="overflow-x-auto rounded-xl border border-line bg-surface-muted p-4 text-[13px] leading-relaxed text-fg focus-visible:outline-2 focus-visible:outline-ring"
      >
        <code className="font-mono">{code}</code>
      </pre>
    </figure>
  );
}

/** A blog's content: code blocks (the blog-only marker), uploaded images, and everything else through the shared renderer. */
export function BlogContent({ content }: { content: string }) {
  const segments = splitCodeBlocks(content);
  return (
    <div className="min-w-0 space-y-5 text-base leading-relaxed text-fg">
      {segments.map((segment, i) =>
        segment.type === 'code' ? (
          <CodeBlock key={i} code={segment.code} language={segment.language} />
        ) : (
          splitImages(segment.text).map((piece, j) =>
            piece.type === 'image' ? (
              <img
                key={`${i}.${j}`}
                src={piece.src}
                alt={BLOG_TEXTS.illustration}
                loading="lazy"
                className="max-h-[80vh] w-auto max-w-full rounded-xl border border-line bg-surface-muted"
              />
            ) : (
              <RichText key={`${i}.${j}`} text={piece.text} format={BLOG_FORMAT} className="text-base" />
            ),
          )
        ),
      )}
    </div>
  );
}
