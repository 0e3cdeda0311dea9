export type { BlockNode, InlineNode, RichTextNode } from './nodes';
export { parseInline, parseRichText, plainText, tokenize, type BlockRule, type InlineRule, type RichTextFormat, type Rule } from './parse';
export { INTRO_FORMAT, RULES_FORMAT, strongRule, youtubeBlockRule } from './rules';
export { RichText, renderBlocks, renderInline, safeHref, VideoEmbed, type RenderOptions } from './render';
export { ControlledVideoEmbed, InstagramEmbed, playerMessage, VIDEO_VISIBLE_RATIO } from './embeds';
export {
  ABOUT_SECTION_FORMAT,
  bareEmbedRule,
  bareLinkRule,
  bracketEmbedRule,
  buttonLinkRule,
  COMMENT_FORMAT,
  mentionRule,
  POST_FORMAT,
  RULES_SECTION_FORMAT,
} from './post-rules';
export { instagramEmbedUrl, parseImageUrl, parseInstagramUrl, safeImageSrc, toWebUrl, type InstagramPost } from './urls';
export { parseStartTime, parseYouTubeUrl, youtubeEmbedUrl, YOUTUBE_PLAYER_ORIGIN, type YouTubeVideo } from './youtube';
