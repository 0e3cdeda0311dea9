export type { BlockNode, InlineNode, RichTextNode } from './nodes';
export { parseInline, parseRichText, plainText, tokenize, type BlockRule, type InlineRule, type RichTextFormat, type Rule } from './parse';
export { INTRO_FORMAT, RULES_FORMAT, strongRule, youtubeBlockRule } from './rules';
export { RichText, renderBlocks, renderInline, safeHref, VideoEmbed } from './render';
export { parseStartTime, parseYouTubeUrl, youtubeEmbedUrl, type YouTubeVideo } from './youtube';
