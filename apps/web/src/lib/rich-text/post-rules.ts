import type { BlockNode, InlineNode } from './nodes';
import type { BlockRule, InlineRule, RichTextFormat } from './parse';
import { strongRule, youtubeBlockRule } from './rules';
import { BARE_URL_PATTERN, hostOf, looksLikeAddress, MAX_URL_LENGTH, parseImageUrl, parseInstagramUrl, toWebUrl } from './urls';
import { parseYouTubeUrl } from './youtube';

/**
 * Post text (SPEC §2 "Post text rendering"), shared by the feed, the post panel and blogs: `**bold**`,
 * `***bigger bold***`, bracketed image links, video and photo-sharing links embedded (bracketed or bare),
 * "url [label]" buttons, and bare links opening in a new tab.
 */

/** The embed a link stands for (video, photo-sharing post or reel), or null. */
function embedOf(address: string): BlockNode | null {
  const video = parseYouTubeUrl(address);
  if (video) return { type: 'video', provider: 'youtube', ...video };
  const post = parseInstagramUrl(address);
  return post ? { type: 'instagram', ...post } : null;
}

/** `[address]`: an image (jpg, jpeg, png, gif, webp, avif or an `/uploads/` path), a video or a post embedded. */
export const bracketEmbedRule: BlockRule = {
  name: 'bracket-embed',
  pattern: new RegExp(String.raw`\[[ \t]*([^\s[\]]{1,${MAX_URL_LENGTH}})[ \t]*\]`),
  build: (match) => {
    const address = match[1] ?? '';
    const src = parseImageUrl(address);
    if (src) return { type: 'image', src };
    return embedOf(address);
  },
};

/** What follows a link when it is the "url [label]" form. */
const LABEL_AFTER = /^[ \t]*\[[^[\]\n]{1,200}\]/;

/** A bare video or photo-sharing link is embedded too, unless it carries a label: "url [label]" is a button. */
export const bareEmbedRule: BlockRule = {
  name: 'bare-embed',
  pattern: BARE_URL_PATTERN,
  build: (match) => {
    const rest = match.input.slice(match.index + match[0].length, match.index + match[0].length + 210);
    if (LABEL_AFTER.test(rest)) return null;
    return embedOf(match[0]);
  },
};

/**
 * "url [label]" → a button link. A blank label declines (the address stays a plain link); a label that reads as
 * an address is replaced by the link's real host.
 */
export const buttonLinkRule: InlineRule = {
  name: 'button-link',
  pattern: new RegExp(String.raw`(?<![\w@/.-])((?:https?:\/\/|www\.)[^\s<>[\]"]{1,${MAX_URL_LENGTH}})[ \t]*\[([^[\]\n]{1,200})\]`, 'i'),
  build: (match) => {
    const href = toWebUrl(match[1] ?? '');
    const label = (match[2] ?? '').trim();
    if (!href || !label) return null;
    return { type: 'button', href, label: looksLikeAddress(label) ? hostOf(href) : label };
  },
};

/** A bare http(s) or www. address → a link showing the address as typed. */
export const bareLinkRule: InlineRule = {
  name: 'bare-link',
  pattern: BARE_URL_PATTERN,
  build: (match): InlineNode | null => {
    const href = toWebUrl(match[0]);
    return href ? { type: 'link', href, children: [{ type: 'text', text: match[0] }] } : null;
  },
};

/**
 * `@username` (the server's rule for who gets a `mention` notification: 3–30 letters, digits or _, not inside a
 * word, an address or an e-mail) → a mention that opens the profile. Links are listed first, so "x.com/@ada"
 * stays a link.
 */
export const mentionRule: InlineRule = {
  name: 'mention',
  pattern: /(?<![\w@/.:-])@([A-Za-z0-9_]{3,30})(?![\w@])/,
  build: (match) => ({ type: 'mention', username: match[1] ?? '' }),
};

/** Discussions and comments: everything SPEC §2 lists; embedded videos play and pause with their visibility. */
export const POST_FORMAT: RichTextFormat = {
  blocks: [bracketEmbedRule, bareEmbedRule],
  inlines: [strongRule, buttonLinkRule, bareLinkRule, mentionRule],
  controlledVideos: true,
};

/** Comments and replies: bold, buttons, links and mentions; no embeds, so a thread stays a list of short texts. */
export const COMMENT_FORMAT: RichTextFormat = { blocks: [], inlines: [strongRule, buttonLinkRule, bareLinkRule, mentionRule] };

/**
 * A community's About Us: bold, bracketed videos embedded (SPEC §2), and the posts' link rules, so "url [label]" is
 * a button and a bare address a link there too (issue 12 §2.7).
 */
export const ABOUT_SECTION_FORMAT: RichTextFormat = { blocks: [youtubeBlockRule], inlines: [strongRule, buttonLinkRule, bareLinkRule] };

/** A community's Rules & Regulations: bold and the posts' link rules (issue 12 §2.7). */
export const RULES_SECTION_FORMAT: RichTextFormat = { blocks: [], inlines: [strongRule, buttonLinkRule, bareLinkRule] };
