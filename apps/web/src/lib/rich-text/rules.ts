import type { InlineRule, BlockRule, RichTextFormat } from './parse';
import { parseYouTubeUrl } from './youtube';

/**
 * `***bigger bold***` and `**bold**`, within one line. The content must not be blank, so "****" and "** **"
 * stay as typed.
 */
export const strongRule: InlineRule = {
  name: 'strong',
  pattern: /\*\*\*([^\n]+?)\*\*\*|\*\*([^\n]+?)\*\*/,
  build: (match, inner) => {
    const level = match[1] !== undefined ? 2 : 1;
    const content = match[1] ?? match[2] ?? '';
    if (content.trim() === '') return null;
    return { type: 'strong', level, children: inner(content) };
  },
};

/** `[https://www.youtube.com/watch?v=…]` (any YouTube form): the video, embedded. Other bracketed text stays text. */
export const youtubeBlockRule: BlockRule = {
  name: 'youtube',
  pattern: /\[[ \t]*([^\s[\]]{1,2048})[ \t]*\]/,
  build: (match) => {
    const video = parseYouTubeUrl(match[1] ?? '');
    return video ? { type: 'video', provider: 'youtube', ...video } : null;
  },
};

/** Community Intro (About Us): bold and embedded videos (SPEC §2). */
export const INTRO_FORMAT: RichTextFormat = { blocks: [youtubeBlockRule], inlines: [strongRule] };
/** Rules & Regulations: bold only (SPEC §2). */
export const RULES_FORMAT: RichTextFormat = { blocks: [], inlines: [strongRule] };
